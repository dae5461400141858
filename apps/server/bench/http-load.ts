/**
 * HTTP load on the real server (a separate process, see server-process.ts) with autocannon:
 * every response's latency is collected, so p95 is exact (autocannon itself reports p90 and p97.5).
 */
import autocannon from 'autocannon';
import { type Measurement, percentile } from './measure';

export type Scenario = {
  name: string;
  method: 'GET' | 'POST';
  /** One path, or several that the connections go through in turn (e.g. different asset ids). */
  paths: string[];
  /** For a POST: one body, or several that the connections go through in turn, as the paths. */
  bodies?: unknown[];
  /** For a POST: a new body for every request (e.g. each with an id of its own), instead of `bodies`. */
  makeBody?: () => string;
  headers?: Record<string, string>;
};

export type LoadResult = Measurement & {
  non2xx: number;
  errors: number;
  /** Answers by status code other than 2xx, with the first body of each. */
  failures: Map<number, { count: number; body: string }>;
};

export type LoadOptions = { connections: number; seconds: number; warmupSeconds: number };

/** Long enough that every answer is measured rather than dropped as a timeout. */
export const REQUEST_TIMEOUT_SECONDS = 120;

/** One request with fetch: fails unless the answer is 2xx, and returns its JSON for checks. */
export async function preflight(baseUrl: string, scenario: Scenario): Promise<unknown> {
  const response = await fetch(baseUrl + scenario.paths[0], {
    method: scenario.method,
    headers: { ...requestHeaders(scenario) },
    body: scenario.makeBody?.() ?? (scenario.bodies?.[0] === undefined ? null : JSON.stringify(scenario.bodies[0])),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${scenario.name} answered ${response.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text) as unknown;
}

/** `connections` concurrent connections for `seconds`, after a warm-up that is not counted. */
export async function runLoad(baseUrl: string, scenario: Scenario, options: LoadOptions): Promise<LoadResult> {
  if (options.warmupSeconds > 0) {
    await fire(baseUrl, scenario, { connections: options.connections, duration: options.warmupSeconds });
  }
  return fire(baseUrl, scenario, { connections: options.connections, duration: options.seconds });
}

/** One connection, one request at a time for `seconds`: latency without queueing, comparable with bare SQL. */
export function runSequential(baseUrl: string, scenario: Scenario, seconds: number): Promise<LoadResult> {
  return fire(baseUrl, { ...scenario, name: `${scenario.name} (1 connection)` }, { connections: 1, duration: seconds });
}

/** `connections` concurrent connections until `done` settles: what a scenario costs while other work runs. */
export function runLoadUntil(
  baseUrl: string,
  scenario: Scenario,
  connections: number,
  done: Promise<unknown>,
): Promise<LoadResult> {
  return fire(baseUrl, scenario, { connections, duration: REQUEST_TIMEOUT_SECONDS * 30 }, done);
}

async function fire(
  baseUrl: string,
  scenario: Scenario,
  limit: { connections: number; duration: number },
  until?: Promise<unknown>,
): Promise<LoadResult> {
  const latencies: number[] = [];
  const failures: LoadResult['failures'] = new Map();
  const rotation = rotationOf(scenario);
  const bodies = scenario.bodies?.map((body) => JSON.stringify(body));
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: baseUrl,
        ...limit,
        timeout: REQUEST_TIMEOUT_SECONDS,
        requests: [
          {
            method: scenario.method,
            headers: requestHeaders(scenario),
            setupRequest: (request) => {
              const turn = rotation.next++;
              const body = scenario.makeBody?.() ?? bodies?.[turn % bodies.length];
              return { ...request, path: scenario.paths[turn % scenario.paths.length], ...(body && { body }) };
            },
            onResponse: (status, responseBody) => {
              if (status < 300) return;
              const failure = failures.get(status) ?? { count: 0, body: responseBody.slice(0, 300) };
              failure.count++;
              failures.set(status, failure);
            },
          },
        ],
      },
      (error, finished) =>
        error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve(finished),
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
    const stop = () => instance.stop();
    void until?.then(stop, stop);
  });
  latencies.sort((a, b) => a - b);
  return {
    name: scenario.name,
    runs: latencies.length,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    perSecond: latencies.length / result.duration,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    failures,
  };
}

/**
 * Where a scenario's paths and bodies are in their turn, kept across its runs (warm-up, measured,
 * one connection): starting each run from the first again would ask for answers the server has
 * just kept when the rotation is meant to be longer than what it keeps.
 */
const rotations = new WeakMap<string[], { next: number }>();

function rotationOf(scenario: Scenario): { next: number } {
  let rotation = rotations.get(scenario.paths);
  if (!rotation) rotations.set(scenario.paths, (rotation = { next: 0 }));
  return rotation;
}

function requestHeaders(scenario: Scenario): Record<string, string> {
  return {
    ...(scenario.bodies === undefined && !scenario.makeBody ? {} : { 'content-type': 'application/json' }),
    ...scenario.headers,
  };
}
