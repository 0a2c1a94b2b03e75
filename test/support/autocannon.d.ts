/** @module Types of the `autocannon` package (it ships none): the part the load test uses. */
declare module "autocannon" {
  namespace autocannon {
    /** One request of a run; `setupRequest` rebuilds it before each send, with the connection's context. */
    interface Request {
      method?: string;
      path?: string;
      headers?: Record<string, string>;
      body?: string | Buffer;
      setupRequest?: (req: Request, context: Record<string, unknown>) => Request;
      onResponse?: (
        status: number,
        body: string,
        context: Record<string, unknown>,
        headers: Record<string, string>,
      ) => void;
    }
    interface Options {
      url: string;
      connections?: number;
      duration?: number;
      amount?: number;
      timeout?: number;
      overallRate?: number;
      requests?: Request[];
    }
    /** Latency figures in ms. */
    interface Histogram {
      p50: number;
      p90: number;
      p99: number;
      average: number;
      max: number;
      min: number;
      total: number;
    }
    interface Result {
      requests: Histogram & { sent: number };
      latency: Histogram;
      throughput: Histogram;
      errors: number;
      timeouts: number;
      non2xx: number;
      statusCodeStats?: Record<string, { count: number }>;
    }
  }
  function autocannon(opts: autocannon.Options): Promise<autocannon.Result>;
  export default autocannon;
}

declare module "autocannon/lib/pipelinedRequestsQueue.js" {
  /** The queue that pairs pipelined requests with their responses; `addBody` appends a body chunk as text. */
  const PipelinedRequestsQueue: { prototype: { addBody(data: unknown): void } };
  export default PipelinedRequestsQueue;
}
