// npm run soak [minutes]: a bounded mixed load on the built server: 85 % page views, 10 % audio
// byte ranges, 5 % comment posts, with a few deep-research questions kept open against a
// slow webhook the whole time. Reports errors, p99 and the server's memory growth.
// Usage: node bench/soak.ts [minutes=10] [connections=16]
import { randomUUID } from "node:crypto";
import autocannon from "autocannon";
import { fakeUpstream, json } from "../tests/support/fake-upstream.ts";
import { rssMb, startDemoServer } from "./demo-server.ts";

const minutes = Number(process.argv[2] ?? 10);
const connections = Number(process.argv[3] ?? 16);

const webhook = fakeUpstream();
// The workflow answers deep research after 20 s: questions stay open through the run.
webhook.on((_req, res) => setTimeout(() => json(res, 200, { output: "Deep research done" }), 20_000));
const webhookUrl = await webhook.start();
const server = await startDemoServer({
  CHAT_WEBHOOK_URL: `${webhookUrl}/hook`,
  COMMENT_RATE_PER_MINUTE: "1000000",
  COMMENT_RATE_PER_DAY: "1000000",
  CHAT_RATE_PER_MINUTE: "1000000",
  DEEP_RESEARCH_PER_ADDRESS: "4",
});
const pid = server.pid;
let stopDeep = false;
const deepErrors: string[] = [];
const deepLoop = async () => {
  while (!stopDeep) {
    const res = await fetch(`${server.url}/api/chat`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        message: "Soak deep research",
        uuid: randomUUID(),
        timestamp: new Date().toISOString(),
        deepresearchStatus: "true",
        retryAttempt: 0,
      }),
    }).catch((err: Error) => err);
    if (res instanceof Error) deepErrors.push(res.message);
    else if (!res.ok) deepErrors.push(`HTTP ${res.status}`);
    else await res.arrayBuffer();
  }
};

try {
  const pages = [
    "/",
    "/recap",
    "/recap/3",
    "/recap/10",
    "/explorer",
    "/explorer?company=12",
    "/podcast",
    "/podcast?series=daily",
    "/chat",
  ];
  const audio = "/media/podcast-episodes/2026-11-20-daily-holiday-resets.mp3";
  const requests: autocannon.Request[] = [];
  for (let i = 0; i < 17; i++) requests.push({ method: "GET", path: pages[i % pages.length] });
  requests.push(
    { method: "GET", path: audio, headers: { Range: "bytes=0-65535" } },
    { method: "GET", path: audio, headers: { Range: "bytes=65536-131071" } },
  );
  requests.push({
    method: "POST",
    path: "/api/recaps/2/comments",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ author_name: "Soak", comment_text: "Soak test comment" }),
  });

  // Warm up, then measure from a settled start.
  await autocannon({ url: server.url, connections, duration: 5, requests });
  const startRss = rssMb(pid);
  const deep = Array.from({ length: 3 }, deepLoop);
  let peakRss = startRss;
  // RSS at each minute mark, to tell a level reached from a climb that goes on.
  const perMinute: number[] = [];
  let seconds = 0;
  const sampler = setInterval(() => {
    const rss = rssMb(pid);
    peakRss = Math.max(peakRss, rss);
    if (++seconds % 60 === 0) perMinute.push(Math.round(rss));
  }, 1000);
  const result = await autocannon({ url: server.url, connections, duration: minutes * 60, requests });
  clearInterval(sampler);
  stopDeep = true;
  const endRss = rssMb(pid);
  const non2xx = result.non2xx;
  console.table([
    {
      minutes,
      connections,
      requests: result.requests.total,
      "requests/s": Math.round(result.requests.average),
      errors: result.errors,
      timeouts: result.timeouts,
      "non-2xx": non2xx,
      "deep-research errors": deepErrors.length,
      "p50 ms": result.latency.p50,
      "p99 ms": result.latency.p99,
      "RSS start MB": +startRss.toFixed(1),
      "RSS peak MB": +peakRss.toFixed(1),
      "RSS end MB": +endRss.toFixed(1),
      "growth %": +(((endRss - startRss) / startRss) * 100).toFixed(1),
    },
  ]);
  console.log(`RSS (MB) at the start and after each minute: ${[Math.round(startRss), ...perMinute].join(", ")}`);
  await Promise.race([Promise.all(deep), new Promise((r) => setTimeout(r, 25_000))]);
  if (result.errors || result.timeouts || non2xx || deepErrors.length || endRss > startRss * 1.1) process.exitCode = 1;
} finally {
  stopDeep = true;
  await server.stop();
  await webhook.stop();
}
