// `npm run hub -- <command>`: publish to and moderate a running Proofline site
// through its publishing API (the same calls a workflow tool makes).
import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import { CliError, HubClient, progressPrinter } from "./api-client.ts";
import { readEpisodeFolder, readRecapFile, type EpisodeFolder, type RecapFile } from "./publish-files.ts";
import { episodePath } from "#common/feeds/feed-paths.ts";
import { labelFrom } from "../media/store-upload.ts";
import type { SendProgress } from "../newsletter/send-queue.server.ts";
import type { DownloadsReport, ReadersReport, SubscribersReport } from "../analytics/audience-report.server.ts";
import type { ImportResult } from "../analytics/log-import.ts";
import { printDownloads, printReaders, printSubscribers } from "./stats-print.ts";
import type { ImportResult as MarketImportResult } from "../market/market-store.ts";

export const HELP = `Usage: npm run hub -- <command> [options]

Publishes to a running Proofline site through its publishing API.
The site's address comes from --url (default: $HUB_URL or http://localhost:3000);
the token from the ADMIN_TOKEN environment variable.

Recaps
  recap add <file.md> [--key K]   publish a recap written in markdown with front matter:
                                    date: 2026-11-27          (required)
                                    headline: Holiday resets  (required)
                                    tags: [RTD, Holiday]
                                    snippets: A one-line pull-quote.
                                    image: ./cover.jpg        (uploaded first) or blog_image: <stored name>
                                    key: weekly-2026-11-27    (publishing again with the same key changes nothing)
  recap list [--q text]           list recaps, newest first
  recap rm <id>                   delete a recap and its comments

Episodes
  episode add --audio <file> --title <text> --series daily|weekly --date YYYY-MM-DD
              --description <text> [--tags "A, B"] [--key K] [--transcript <file>] [--chapters <file>]
                                  upload the audio (progress shown) and publish the episode;
                                  a transcript is WebVTT, SRT or plain text, chapters are
                                  Podcasting 2.0 JSON or "mm:ss Title" lines

Bulk
  import <folder>                 publish every recap file (*.md) in the folder and every episode
                                  sub-folder (episode.md with date, title, series; the body is the
                                  description; plus an .mp3 or .m4a). Safe to run again: what is
                                  already published is left as it is.

Comments
  comments list [--status visible|hidden] [--limit n] [--cursor c]
                                  newest first; prints the command for the next ones
  comments hide <id> | comments unhide <id> | comments rm <id>

Desk staff (the web desk at /admin)
  user add <email> --name <name> [--role owner|editor]
                                  add a staff member and print their one-time link to set a
                                  password (good for 24 hours); the first owner is made this way
  user link <email>               print a new one-time link (a forgotten password); signs the
                                  member out everywhere
  user list                       list the staff

Newsletter (the weekly recap by email)
  newsletter send <recap-id>      send a recap to every confirmed subscriber (once per recap: the
                                  automatic send at publication counts)
  newsletter test <recap-id> <address>
                                  send the recap to one address, marked [Test]
  newsletter status <recap-id>    how far a recap's send has got
  subscribers                     how many addresses are pending, confirmed, unsubscribed, bounced
  subscriber export <address>     everything kept about one address (a privacy request), as JSON
  subscriber delete <address>     delete an address, its follows and the record of mail sent to it

Follows (a digest of what a reader follows; docs/follow.md)
  digest preview <address>        the digest the address would get for the last seven days
  digest send                     send the weekly digest now (what is new since the last one)
  digest status <run-id>          how far a digest run has got

Sample content
  sample remove                   take the demo recaps and episodes (and their comments and
                                  media) out of a site that publishes its own; run once, and
                                  start with SEED_DEMO=false

Market data (the hub's own figures; see docs/market-data.md)
  data import iowa-liquor-sales <file>
                                  import Iowa's monthly liquor sales by county and category: the
                                  shared file (plain or gzipped) or the state portal's CSV for the
                                  same query. Safe to run again; a later file adds its new months
                                  and replaces the months it repeats; a bad file changes nothing
  data import ttb-cola <file>     import label approvals: TTB's Public COLA Registry search results
                                  saved as CSV. Each approval is kept once, whatever the overlap
                                  between files; a bad file changes nothing (docs/public-records.md)
  data import census-hs2208 <file.json>
                                  import spirits imports by country: the Census international trade
                                  API's JSON answer for HS 2208. A month it holds replaces the
                                  hub's figures for that month (a revision); a bad file changes nothing
  data import sec-companyfacts <file.json>
                                  import a listed Top Player's filings: EDGAR's companyfacts JSON
                                  (revenue, excise, net sales) or its submissions JSON (filings).
                                  Each figure is kept once by filing; a bad file changes nothing

Audience (counted by the site itself, no cookies; see docs/analytics.md)
  stats [downloads|readers|subscribers] [--days N | --from YYYY-MM-DD --to YYYY-MM-DD] [--json]
                                  the figures for a period (the last 30 days unless told); all three
                                  reports when none is named; --json prints the report as JSON
  stats import <access.log>       count the downloads in a CDN's access log (Combined Log Format) when
                                  MEDIA_BASE_URL serves the audio; a log already imported is refused

Backup
  backup <file.tar.gz>            download the database and the media together (consistent while
                                  the site runs)
  restore <file.tar.gz>           replace the site's content with a backup

Examples
  ADMIN_TOKEN=… npm run hub -- recap add recaps/2026-11-27.md --url https://hub.example.com
  ADMIN_TOKEN=… npm run hub -- episode add --audio ep.mp3 --title "Holiday resets" \\
      --series daily --date 2026-11-27 --description "Five minutes on holiday resets."
  ADMIN_TOKEN=… npm run hub -- comments hide 6f1c…
`;

type Out = (line: string) => void;

/** Commands whose next word is an argument, not a sub-command. */
const ONE_WORD_COMMANDS = new Set(["import", "backup", "restore", "subscribers"]);

interface StaffOut {
  email: string;
  name: string;
  role: string;
}

interface Recap {
  id: number;
  date: string;
  headline: string;
}

/** The name the site will store this file's bytes under (`<label>-<sha256, 16 hex>.<ext>`, see store-upload.ts), if its extension says its type. */
async function storedNameOf(file: string): Promise<string | undefined> {
  const ext = { mp3: "mp3", m4a: "m4a", jpg: "jpg", jpeg: "jpg", png: "png", webp: "webp" }[
    path.extname(file).slice(1).toLowerCase()
  ];
  if (!ext) return undefined;
  const hash = createHash("sha256");
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  const label = labelFrom(path.basename(file));
  return `${label ? `${label}-` : ""}${hash.digest("hex").slice(0, 16)}.${ext}`;
}

async function uploadMedia(client: HubClient, bucket: string, file: string): Promise<string> {
  // Stored names come from the bytes: a file the site already has (a re-run of an import) is not sent again.
  const known = await storedNameOf(file);
  if (known && (await client.has(`/media/${bucket}/${known}`))) return known;
  const progress = progressPrinter(`Uploading ${path.basename(file)}`);
  const stored = await client.upload<{ file: string }>(
    `/api/admin/media/${bucket}?name=${encodeURIComponent(path.basename(file))}`,
    file,
    progress,
  );
  progress.finish();
  return stored.file;
}

async function publishRecap(client: HubClient, recap: RecapFile, out: Out): Promise<boolean> {
  if (recap.imagePath) recap.body.blog_image = await uploadMedia(client, "weekly-summary-pics", recap.imagePath);
  const { recap: saved, created } = await client.json<{ recap: Recap; created: boolean }>(
    "POST",
    "/api/admin/recaps",
    recap.body,
  );
  out(
    `${created ? "Published" : "Already published"} recap ${saved.id}: ${saved.headline} (${client.baseUrl}/recap/${saved.id})`,
  );
  return created;
}

async function publishEpisode(
  client: HubClient,
  body: Record<string, unknown>,
  audio: string | undefined,
  out: Out,
): Promise<boolean> {
  const mp3_file = audio ? await uploadMedia(client, "podcast-episodes", audio) : null;
  const { episode, created } = await client.json<{
    episode: { id: number; title: string; duration_seconds: number | null };
    created: boolean;
  }>("POST", "/api/admin/episodes", { ...body, mp3_file });
  const length = episode.duration_seconds
    ? `, ${Math.floor(episode.duration_seconds / 60)}:${String(episode.duration_seconds % 60).padStart(2, "0")}`
    : "";
  out(
    `${created ? "Published" : "Already published"} episode ${episode.id}: ${episode.title}${length} (${client.baseUrl}${episodePath(episode.id)})`,
  );
  return created;
}

/** A file's first two bytes (gzip's are 1f 8b). */
async function firstBytes(file: string): Promise<Buffer> {
  const handle = await fs.open(file);
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(2), 0, 2, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

async function readText(file: string, option: string): Promise<string> {
  return fs.readFile(file, "utf8").catch(() => {
    throw new CliError(`${option}: cannot read ${file}`);
  });
}

async function importFolder(client: HubClient, folder: string, out: Out): Promise<void> {
  const entries = await fs.readdir(folder, { withFileTypes: true }).catch(() => {
    throw new CliError(`no such folder: ${folder}`);
  });
  // Every file is read and checked before anything is sent: a bad file stops the import with nothing published.
  const recaps: RecapFile[] = [];
  for (const entry of entries
    .filter((e) => e.isFile() && e.name.endsWith(".md"))
    .sort((a, b) => a.name.localeCompare(b.name)))
    recaps.push(
      await readRecapFile(path.join(folder, entry.name), {
        fallback: `import:recap:${entry.name.replace(/\.md$/, "")}`,
      }),
    );
  const episodes: EpisodeFolder[] = [];
  for (const entry of entries.filter((e) => e.isDirectory()).sort((a, b) => a.name.localeCompare(b.name))) {
    const dir = path.join(folder, entry.name);
    const hasEpisode = await fs.stat(path.join(dir, "episode.md")).then(
      () => true,
      () => false,
    );
    if (hasEpisode) episodes.push(await readEpisodeFolder(dir, `import:episode:${entry.name}`));
  }
  let published = 0;
  let unchanged = 0;
  const count = (created: boolean) => (created ? published++ : unchanged++);
  for (const recap of recaps) count(await publishRecap(client, recap, out));
  for (const episode of episodes) count(await publishEpisode(client, episode.body, episode.audioPath, out));
  out(`Imported ${folder}: ${published} published, ${unchanged} already there.`);
}

export async function runHub(
  argv: string[],
  env: NodeJS.ProcessEnv,
  out: Out = (l) => process.stdout.write(`${l}\n`),
): Promise<void> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      url: { type: "string" },
      help: { type: "boolean", short: "h" },
      key: { type: "string" },
      q: { type: "string" },
      audio: { type: "string" },
      title: { type: "string" },
      series: { type: "string" },
      date: { type: "string" },
      description: { type: "string" },
      status: { type: "string" },
      limit: { type: "string" },
      cursor: { type: "string" },
      transcript: { type: "string" },
      chapters: { type: "string" },
      tags: { type: "string" },
      name: { type: "string" },
      role: { type: "string" },
      days: { type: "string" },
      from: { type: "string" },
      to: { type: "string" },
      json: { type: "boolean" },
    },
  });
  const [command, sub, arg] = positionals;
  if (values.help || !command || command === "help") return out(HELP);
  const client = new HubClient(values.url ?? env.HUB_URL ?? "http://localhost:3000", env.ADMIN_TOKEN);
  const need = (value: string | undefined, what: string) => {
    if (!value) throw new CliError(`missing ${what}; see npm run hub -- --help`);
    return value;
  };

  switch (`${command} ${ONE_WORD_COMMANDS.has(command) ? "" : (sub ?? "")}`.trim()) {
    case "recap add":
      await publishRecap(client, await readRecapFile(need(arg, "the recap file"), { key: values.key }), out);
      return;
    case "recap list": {
      const { recaps } = await client.json<{ recaps: Recap[] }>(
        "GET",
        `/api/recaps${values.q ? `?q=${encodeURIComponent(values.q)}` : ""}`,
        undefined,
        false,
      );
      for (const r of recaps) out(`${String(r.id).padStart(5)}  ${r.date.slice(0, 10)}  ${r.headline}`);
      if (!recaps.length) out("No recaps.");
      return;
    }
    case "user add": {
      const { member, password_link } = await client.json<{ member: StaffOut; password_link: string }>(
        "POST",
        "/api/admin/staff",
        {
          email: need(arg, "the email address"),
          name: need(values.name, "--name"),
          ...(values.role ? { role: values.role } : {}),
        },
      );
      out(
        `Added ${member.name} <${member.email}> as ${member.role}. Their one-time link to set a password (good for 24 hours):`,
      );
      out(password_link);
      return;
    }
    case "user link": {
      const { member, password_link } = await client.json<{ member: StaffOut; password_link: string }>(
        "POST",
        "/api/admin/staff/link",
        { email: need(arg, "the email address") },
      );
      out(`A new one-time link for ${member.name} <${member.email}> (good for 24 hours; their sessions were ended):`);
      out(password_link);
      return;
    }
    case "user list": {
      const { staff } = await client.json<{ staff: Array<StaffOut & { active: boolean }> }>("GET", "/api/admin/staff");
      for (const m of staff)
        out(`${m.role.padEnd(7)} ${m.email}  ${m.name}${m.active ? "" : "  (has not set a password yet)"}`);
      if (!staff.length) out("No staff yet.");
      return;
    }
    case "recap rm":
      await client.json("DELETE", `/api/admin/recaps/${encodeURIComponent(need(arg, "the recap id"))}`);
      out(`Deleted recap ${arg}.`);
      return;
    case "episode add":
      await publishEpisode(
        client,
        {
          title: need(values.title, "--title"),
          weekly_daily: need(values.series, "--series daily|weekly"),
          date: need(values.date, "--date YYYY-MM-DD"),
          description: need(values.description, "--description"),
          ...(values.tags
            ? {
                tags: values.tags
                  .split(",")
                  .map((t) => t.trim())
                  .filter(Boolean),
              }
            : {}),
          ...(values.key ? { external_key: values.key } : {}),
          // The server reads and checks the files; a bad one comes back as a 400 naming its line.
          ...(values.transcript ? { transcript: await readText(values.transcript, "--transcript") } : {}),
          ...(values.chapters ? { chapters: await readText(values.chapters, "--chapters") } : {}),
        },
        need(values.audio, "--audio <file>"),
        out,
      );
      return;
    case "import":
      await importFolder(client, need(sub, "the folder to import"), out);
      return;
    case "comments list": {
      const query = new URLSearchParams();
      if (values.status) query.set("status", values.status);
      if (values.limit) query.set("limit", values.limit);
      if (values.cursor) query.set("cursor", values.cursor);
      const {
        comments,
        next_cursor: next,
        total,
      } = await client.json<{ comments: Array<Record<string, string>>; next_cursor: string | null; total: number }>(
        "GET",
        `/api/admin/comments${query.size ? `?${query}` : ""}`,
      );
      for (const c of comments)
        out(
          `${c.id}  ${c.created_at!.slice(0, 16).replace("T", " ")}  ${c.status === "hidden" ? "[hidden] " : ""}${c.author_name} on ${c.target} ${c.parent_id} (${c.parent_title}): ${c.comment_text!.replace(/\s+/g, " ").slice(0, 120)}`,
        );
      if (!comments.length) out("No comments.");
      if (next)
        out(
          `${total} in all; the next ones: npm run hub -- comments list${values.status ? ` --status ${values.status}` : ""}${values.limit ? ` --limit ${values.limit}` : ""} --cursor ${next}`,
        );
      return;
    }
    case "comments hide":
    case "comments unhide":
      await client.json("POST", `/api/admin/comments/${encodeURIComponent(need(arg, "the comment id"))}/${sub}`);
      out(`Comment ${arg} ${sub === "hide" ? "hidden" : "shown again"}.`);
      return;
    case "comments rm":
      await client.json("DELETE", `/api/admin/comments/${encodeURIComponent(need(arg, "the comment id"))}`);
      out(`Deleted comment ${arg}.`);
      return;
    case "newsletter send": {
      const { progress } = await client.json<{ progress: SendProgress }>("POST", "/api/admin/newsletter/send", {
        recap_id: need(arg, "the recap id"),
      });
      out(
        `Recap ${arg} is queued for ${progress.recipients ?? "every confirmed"} subscriber${progress.recipients === 1 ? "" : "s"}; follow it with: npm run hub -- newsletter status ${arg}`,
      );
      return;
    }
    case "newsletter test": {
      const to = need(positionals[3], "the address to send the test to");
      await client.json("POST", "/api/admin/newsletter/test", { recap_id: need(arg, "the recap id"), to });
      out(`Sent a test of recap ${arg} to ${to}.`);
      return;
    }
    case "newsletter status": {
      const { progress: p } = await client.json<{ progress: SendProgress }>(
        "GET",
        `/api/admin/newsletter/${encodeURIComponent(need(arg, "the recap id"))}`,
      );
      const c = p.counts;
      out(
        `Recap ${p.recapId}: queued ${p.queuedAt.slice(0, 16).replace("T", " ")} by ${p.queuedBy}; ${p.recipients ?? "?"} recipients.`,
      );
      out(
        `sent ${c.sent}, waiting ${c.queued}, sending ${c.sending}, failed ${c.failed}, skipped (unsubscribed meanwhile) ${c.skipped}`,
      );
      for (const problem of p.problems ?? [])
        out(`${problem.status === "failed" ? "failed" : "will retry"} (${problem.count}): ${problem.reason}`);
      return;
    }
    case "subscribers": {
      const { counts } = await client.json<{ counts: Record<string, number> }>("GET", "/api/admin/subscribers");
      out(
        Object.entries(counts)
          .map(([status, n]) => `${status} ${n}`)
          .join(", "),
      );
      return;
    }
    case "subscriber export": {
      const { subscriber } = await client.json<{ subscriber: unknown }>("POST", "/api/admin/subscribers/export", {
        email: need(arg, "the address"),
      });
      out(JSON.stringify(subscriber, null, 2));
      return;
    }
    case "subscriber delete":
      await client.json("POST", "/api/admin/subscribers/delete", { email: need(arg, "the address") });
      out(`Deleted ${arg} and the record of mail sent to it.`);
      return;
    case "digest preview": {
      const { preview } = await client.json<{
        preview:
          | { status: "not-on"; digest: string }
          | { status: "empty"; since: string; until: string }
          | { status: "ready"; subject: string; text: string };
      }>("POST", "/api/admin/digest/preview", { email: need(arg, "the address") });
      if (preview.status === "not-on") out(`No digest goes to ${arg}: its digest is ${preview.digest}.`);
      else if (preview.status === "empty")
        out(`Nothing new for ${arg} from ${preview.since} to ${preview.until}: no digest would be sent.`);
      else out(`Subject: ${preview.subject}\n\n${preview.text}`);
      return;
    }
    case "digest send": {
      const { run } = await client.json<{ run: { id: number; since: string; until: string } }>(
        "POST",
        "/api/admin/digest/send",
      );
      out(
        `Digest run ${run.id} is queued, covering ${run.since} to ${run.until}; follow it with: npm run hub -- digest status ${run.id}`,
      );
      return;
    }
    case "digest status": {
      const { run, counts } = await client.json<{
        run: { recipients: number | null };
        counts: Record<string, number>;
      }>("GET", `/api/admin/digest/${encodeURIComponent(need(arg, "the run id"))}`);
      out(
        `readers ${run.recipients ?? "not counted yet"}, ` +
          Object.entries(counts)
            .map(([status, n]) => `${status} ${n}`)
            .join(", ") +
          " (skipped: nothing new for that reader, or the digest was stopped)",
      );
      return;
    }
    case "sample remove": {
      const { removed } = await client.json<{ removed: { recaps: number; episodes: number; media: number } }>(
        "POST",
        "/api/admin/sample-content/remove",
      );
      const n = (count: number, what: string) => `${count} ${what}${count === 1 ? "" : "s"}`;
      out(
        `Removed ${n(removed.recaps, "sample recap")}, ${n(removed.episodes, "sample episode")} (with their comments) and ${n(removed.media, "sample media file")}.`,
      );
      out("Start the site with SEED_DEMO=false: an empty database would otherwise be given the sample content again.");
      return;
    }
    case "backup": {
      const file = need(sub, "the file to write");
      const progress = progressPrinter("Downloading backup");
      const bytes = await client.download("/api/admin/backup", file, progress);
      progress.finish();
      out(`Saved a backup of ${client.baseUrl} to ${file} (${(bytes / 1024 / 1024).toFixed(1)} MB).`);
      return;
    }
    case "restore": {
      const file = need(sub, "the backup file");
      const progress = progressPrinter("Uploading backup");
      const { restored } = await client.upload<{ restored: Record<string, number> }>(
        "/api/admin/restore",
        file,
        progress,
      );
      progress.finish();
      out(
        `Restored ${file} to ${client.baseUrl}: ${restored.weekly_summaries} recaps, ${restored.podcast_episodes} episodes, ` +
          `${restored.recap_comments! + restored.podcast_comments!} comments, ` +
          (restored.staff_users === undefined
            ? ""
            : `${restored.staff_users} staff, ${restored.recap_drafts! + restored.episode_drafts!} drafts, ${restored.newsletter_subscribers} subscribers, `) +
          `${restored.media_files} media files.`,
      );
      return;
    }
    case "stats import": {
      const file = need(arg, "the log file");
      await fs.stat(file).catch(() => {
        throw new CliError(`no such file: ${file}`);
      });
      // The file's digest lets the site refuse a log it has counted before.
      const digest = createHash("sha256");
      for await (const chunk of createReadStream(file)) digest.update(chunk as Buffer);
      const progress = progressPrinter(`Sending ${path.basename(file)}`);
      const result = await client.upload<ImportResult>(
        `/api/admin/stats/import?digest=${digest.digest("hex")}`,
        file,
        progress,
        "text/plain",
      );
      progress.finish();
      if (values.json) return out(JSON.stringify(result, null, 2));
      out(
        `Imported ${file}: ${result.lines} lines, ${result.audioRequests} audio requests, ${result.downloads} downloads counted ` +
          `(${result.skipped.notAudio} other files, ${result.skipped.notListening} not listening: HEAD, probes, bots, errors; ${result.skipped.unreadable} unreadable).`,
      );
      return;
    }
    case "data import": {
      const [source, file] = [
        need(arg, "the source (iowa-liquor-sales, ttb-cola, census-hs2208, sec-companyfacts)"),
        need(positionals[3], "the file"),
      ];
      await fs.stat(file).catch(() => {
        throw new CliError(`no such file: ${file}`);
      });
      const progress = progressPrinter(`Sending ${path.basename(file)}`);
      const gzipped = (await firstBytes(file)).equals(Buffer.from([0x1f, 0x8b]));
      const result = await client.upload<MarketImportResult>(
        `/api/admin/data/import/${encodeURIComponent(source)}?name=${encodeURIComponent(path.basename(file))}`,
        file,
        progress,
        gzipped ? "application/gzip" : file.toLowerCase().endsWith(".json") ? "application/json" : "text/csv",
      );
      progress.finish();
      if (values.json) return out(JSON.stringify(result, null, 2));
      const done = `Imported ${file} (import ${result.importId}): ${result.rowsRead} rows read, ${result.rowsKept} kept`;
      out(
        result.unchanged
          ? `${file} was imported before (import ${result.importId}, ${result.importedAt.slice(0, 10)}): no ${source === "ttb-cola" ? "approval" : "figure"} changed.`
          : source === "ttb-cola"
            ? `${done}; approvals completed ${result.firstPeriod} to ${result.lastPeriod}: ` +
              `${result.periodsAdded} new, ${result.periodsReplaced} held already.`
            : source === "sec-companyfacts"
              ? `${done}, ${result.rowsRefused} left out (no period); ${result.firstPeriod} to ${result.lastPeriod}: ` +
                `${result.periodsAdded} new, ${result.periodsReplaced} held already.`
              : source === "census-hs2208"
                ? `${done}, ${result.rowsRefused} figures withheld by the Census; months ${result.firstPeriod} to ${result.lastPeriod}: ` +
                  `${result.periodsAdded} added, ${result.periodsReplaced} replaced.`
                : `${done}, ${result.rowsRefused} refused (no Iowa county); months ${result.firstPeriod} to ${result.lastPeriod}: ` +
                  `${result.periodsAdded} added, ${result.periodsReplaced} replaced.`,
      );
      return;
    }
    case "stats":
    case "stats downloads":
    case "stats readers":
    case "stats subscribers": {
      const query = new URLSearchParams();
      for (const key of ["days", "from", "to"] as const) if (values[key]) query.set(key, values[key]);
      const names = sub ? [sub] : ["downloads", "readers", "subscribers"];
      const reports: Record<string, unknown> = {};
      for (const name of names)
        reports[name] = await client.json("GET", `/api/admin/stats/${name}${query.size ? `?${query}` : ""}`);
      if (values.json) return out(JSON.stringify(sub ? reports[sub] : reports, null, 2));
      if (reports.downloads) printDownloads(reports.downloads as DownloadsReport, out);
      if (reports.readers) printReaders(reports.readers as ReadersReport, out);
      if (reports.subscribers) printSubscribers(reports.subscribers as SubscribersReport, out);
      return;
    }
    default:
      throw new CliError(`unknown command: ${positionals.join(" ")}; see npm run hub -- --help`);
  }
}

// Run as a program (not when imported by a test).
if (import.meta.main) {
  // `hub recap list | head` closes the pipe early: that is not an error.
  process.stdout.on("error", (err: NodeJS.ErrnoException) => {
    if (err.code === "EPIPE") process.exit(0);
    throw err;
  });
  runHub(process.argv.slice(2), process.env).catch((err: unknown) => {
    const message =
      err instanceof CliError ||
      (err instanceof TypeError && (err as { code?: string }).code?.startsWith("ERR_PARSE_ARGS"))
        ? err.message
        : String((err as Error).stack ?? err);
    process.stderr.write(`hub: ${message}\n`);
    process.exit(1);
  });
}
