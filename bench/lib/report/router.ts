import type { Results } from '../results.ts';
import { type Emit, loadRow } from './format.ts';

/** 1. The router over HTTP next to its DynamoDB floor. */
export function routerSection(r: Results, p: Emit): void {
  const runs = r.router.actions.list_clients?.sequential.p50_ms.runs.length ?? 0;
  p('## 1. Router over HTTP, next to the DynamoDB floor');
  p();
  p(
    `POST to the local HTTP front (the same handler as the Lambda), keep-alive, from a separate load-client process; sequential and at concurrency ${r.router.concurrency}; ${runs} runs each, interleaved across actions. ` +
      'Latency is per request at the client; throughput is requests completed over the run’s wall time. ' +
      'Each action’s floor is the DynamoDB calls it must make (the authentication GetItem, then its own reads and writes, in its order), made through the router’s own SDK client by the same HTTP front, for the same request from the same load client: the ratio is what the router adds. ' +
      'Sequentially the action’s requests and its floor’s alternate one by one; at concurrency each fills the slots alone, back to back with the other, in alternating order from run to run.',
  );
  p();
  p('| what | mode | p50 ms | p99 ms | throughput req/s | requests |');
  p('|---|---|---|---|---|---|');
  for (const [name, a] of Object.entries(r.router.actions)) {
    p(loadRow(`\`${name}\``, 'sequential', a.sequential));
    p(loadRow(`\`${name}\``, `concurrency ${r.router.concurrency}`, a.concurrent));
  }
  for (const [name, f] of Object.entries(r.router.floors)) {
    p(loadRow(`floor: ${name}`, 'sequential', f.sequential));
    p(loadRow(`floor: ${name}`, `concurrency ${r.router.concurrency}`, f.concurrent));
  }
  p();
  for (const [name, a] of Object.entries(r.router.actions)) {
    p(`- \`${name}\`: ${a.note}; handler time alone (what Lambda bills) p50 ${a.handler_ms_p50} ms.`);
  }
  for (const [name, f] of Object.entries(r.router.floors)) p(`- floor ${name}: ${f.note}.`);
  p();
}
