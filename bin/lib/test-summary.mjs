// Prints a Vitest JSON report as plain closing lines any CI can read: each failed test
// ("failed: file › name: first line of the error"), then "[label: ]N passed, N failed,
// N skipped". A CI that keeps only the end of the log still says which test failed.
/* global process, console */
import { readFileSync } from "node:fs";
import { relative } from "node:path";

const [file, label] = process.argv.slice(2);
const report = JSON.parse(readFileSync(file, "utf8"));
for (const suite of report.testResults ?? []) {
  const name = relative(process.cwd(), suite.name);
  const failed = (suite.assertionResults ?? []).filter((t) => t.status === "failed");
  for (const t of failed) {
    const why = String(t.failureMessages?.[0] ?? "")
      .split("\n")[0]
      .slice(0, 300);
    console.log(`failed: ${name} › ${t.fullName}: ${why}`);
  }
  // A file that fails to load has no tests to blame, only its own message.
  if (suite.status === "failed" && failed.length === 0) {
    console.log(
      `failed: ${name}: ${String(suite.message ?? "")
        .split("\n")[0]
        .slice(0, 300)}`,
    );
  }
}
const skipped = report.numPendingTests + report.numTodoTests;
console.log(
  `${label ? `${label}: ` : ""}${report.numPassedTests} passed, ${report.numFailedTests} failed, ${skipped} skipped`,
);
