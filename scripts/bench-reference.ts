/**
 * Figures for the reference's knowledge-base hot paths, measured over HTTP against a reference
 * started in this process (client and server share the CPU, so the figures are conservative):
 *
 * - query latency p50/p99 on a base of at least 10,000 chunks (aim: p99 < 20 ms);
 * - ingest-text throughput in MB/s (aim: >= 5 MB/s);
 * - requests per second on a cheap route (stats) with 50 concurrent clients.
 *
 * Run with `npm run bench:reference`. The text is synthetic, English-like and reproducible (seeded).
 */
import { performance } from 'node:perf_hooks';
import { Pool } from 'undici';
import { createReferenceServer } from '../src/reference/server.ts';
import { seeded } from '../src/generate/seeded.ts';

const TARGET_CHUNKS = 10_000;
const QUERY_SAMPLES = 2_000;
const INGEST_DOCS = 16;
const INGEST_DOC_BYTES = 1024 * 1024;
const CONCURRENT_CLIENTS = 50;
const LOAD_SECONDS = 5;

/** The 100 most frequent words of English (Oxford English Corpus), most frequent first. */
const ENGLISH_TOP_100 = (
  'the be to of and a in that have i it for not on with he as you do at this but his by from they we ' +
  'say her she or an will my one all would there their what so up out if about who get which go me ' +
  'when make can like time no just him know take people into year your good some could them see ' +
  'other than then now look only come its over think also back after use two how our work first ' +
  'well way even new want because any these give day most us'
).split(' ');

/**
 * English-like prose: word frequencies follow Zipf's law (frequency proportional to 1/rank) over the
 * 100 most frequent English words followed by 20,000 made-up words, so that, as in real English,
 * about half of the words are among the top 100.
 */
function proseGenerator(seed: number): (bytes: number) => string {
  const random = seeded(seed);
  const syllables = [
    'ka',
    'lo',
    'mi',
    'ren',
    'tu',
    'sa',
    'vel',
    'or',
    'ni',
    'pa',
    'dre',
    'qui',
    'zo',
    'fen',
    'ath',
    'ul',
  ];
  const madeUp = Array.from({ length: 20_000 }, () => {
    const length = 2 + Math.floor(random() * 3);
    return Array.from({ length }, () => syllables[Math.floor(random() * syllables.length)]).join('');
  });
  const vocabulary = [...ENGLISH_TOP_100, ...madeUp];
  const logSize = Math.log(vocabulary.length + 1);
  // Inverse of the (continuous) Zipf distribution function: rank = e^(u ln(N+1)) - 1.
  const word = () =>
    vocabulary[Math.min(vocabulary.length - 1, Math.floor(Math.exp(random() * logSize)) - 1)]!;
  return (bytes) => {
    const sentences: string[] = [];
    let size = 0;
    while (size < bytes) {
      const words = Array.from({ length: 8 + Math.floor(random() * 14) }, word);
      const sentence = `${words.join(' ')}.`;
      sentences.push(sentence.charAt(0).toUpperCase() + sentence.slice(1));
      size += sentence.length + 1;
    }
    return sentences.join(' ');
  };
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

interface Client {
  json(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Record<string, unknown>>;
}

function client(pool: Pool, basePath: string, key: string): Client {
  return {
    async json(method, path, body) {
      const response = await pool.request({
        method,
        path: `${basePath}${path}`,
        headers: {
          authorization: `Bearer ${key}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? null : JSON.stringify(body),
      });
      const parsed = (await response.body.json()) as Record<string, unknown>;
      if (response.statusCode >= 300)
        throw new Error(`${method} ${path}: ${response.statusCode} ${JSON.stringify(parsed).slice(0, 200)}`);
      return parsed;
    },
  };
}

async function createBase(api: Client, name: string): Promise<string> {
  const { kbId } = await api.json('POST', '/kb', { name });
  return kbId as string;
}

async function benchQuery(api: Client): Promise<{ chunks: number; p50: number; p99: number; mean: number }> {
  const kbId = await createBase(api, 'bench-query');
  const prose = proseGenerator(1);
  let chunks = 0;
  const samples: string[] = [];
  while (chunks < TARGET_CHUNKS) {
    const text = prose(512 * 1024);
    const { chunksCreated } = await api.json('POST', `/kb/${kbId}/ingest-text`, {
      text,
      title: `doc ${chunks}`,
      mode: 'vector',
    });
    chunks += chunksCreated as number;
    // Queries are phrases of the indexed text, as a user would paste them, plus short keyword queries.
    const words = text.split(' ');
    for (let i = 0; i < 200; i++) {
      const start = Math.floor((i / 200) * (words.length - 10));
      samples.push(words.slice(start, start + (i % 2 === 0 ? 6 : 2)).join(' '));
    }
  }
  for (const query of samples.slice(0, 100)) await api.json('POST', `/kb/${kbId}/query`, { query }); // warm-up
  const latencies: number[] = [];
  for (let i = 0; i < QUERY_SAMPLES; i++) {
    const query = samples[(i * 7919) % samples.length]!;
    const started = performance.now();
    await api.json('POST', `/kb/${kbId}/query`, { query, topK: 5 });
    latencies.push(performance.now() - started);
  }
  latencies.sort((a, b) => a - b);
  const mean = latencies.reduce((sum, value) => sum + value, 0) / latencies.length;
  return { chunks, p50: percentile(latencies, 50), p99: percentile(latencies, 99), mean };
}

async function benchIngest(
  api: Client,
): Promise<{ megabytes: number; seconds: number; mbPerSecond: number; chunks: number }> {
  const kbId = await createBase(api, 'bench-ingest');
  const prose = proseGenerator(2);
  const texts = Array.from({ length: INGEST_DOCS }, () => prose(INGEST_DOC_BYTES));
  await api.json('POST', `/kb/${kbId}/ingest-text`, { text: texts[0], title: 'warm-up', mode: 'vector' });
  let bytes = 0;
  let chunks = 0;
  const started = performance.now();
  for (const [i, text] of texts.entries()) {
    const { chunksCreated } = await api.json('POST', `/kb/${kbId}/ingest-text`, {
      text,
      title: `doc ${i}`,
      mode: 'vector',
    });
    bytes += Buffer.byteLength(text);
    chunks += chunksCreated as number;
  }
  const seconds = (performance.now() - started) / 1000;
  const megabytes = bytes / (1024 * 1024);
  return { megabytes, seconds, mbPerSecond: megabytes / seconds, chunks };
}

async function benchCheapRoute(api: Client): Promise<{ requests: number; perSecond: number; p99: number }> {
  const kbId = await createBase(api, 'bench-stats');
  const deadline = performance.now() + LOAD_SECONDS * 1000;
  const latencies: number[] = [];
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENT_CLIENTS }, async () => {
      while (performance.now() < deadline) {
        const sent = performance.now();
        await api.json('GET', `/kb/${kbId}/stats`);
        latencies.push(performance.now() - sent);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    perSecond: latencies.length / seconds,
    p99: percentile(latencies, 99),
  };
}

async function main(): Promise<void> {
  const server = await createReferenceServer();
  const url = new URL(server.baseUrl);
  const key = server.keyring.keys.full;
  if (!key) throw new Error('the reference keyring has no full key');
  const pool = new Pool(url.origin, { connections: CONCURRENT_CLIENTS });
  const api = client(pool, url.pathname, key);
  try {
    const query = await benchQuery(api);
    console.log(
      `query latency      ${query.chunks} chunks, ${QUERY_SAMPLES} queries: p50 ${query.p50.toFixed(2)} ms, p99 ${query.p99.toFixed(2)} ms, mean ${query.mean.toFixed(2)} ms (aim p99 < 20 ms)`,
    );
    const ingest = await benchIngest(api);
    console.log(
      `ingest-text        ${ingest.megabytes.toFixed(1)} MB in ${ingest.seconds.toFixed(2)} s = ${ingest.mbPerSecond.toFixed(2)} MB/s, ${ingest.chunks} chunks (aim >= 5 MB/s)`,
    );
    const load = await benchCheapRoute(api);
    console.log(
      `GET stats          ${CONCURRENT_CLIENTS} clients, ${LOAD_SECONDS} s: ${load.requests} requests = ${load.perSecond.toFixed(0)} req/s, p99 ${load.p99.toFixed(2)} ms`,
    );
  } finally {
    await pool.close();
    await server.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
