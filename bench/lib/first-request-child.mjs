// A fresh Node process that imports the router bundle and times its first requests, as a cold
// Lambda container meets them. Run by bench/lib/first-request.ts; prints one JSON line.
// performance.now() counts from the process's start, so `import_done_ms` includes Node's boot.
const bundle = process.env.BENCH_BUNDLE;
const apiKey = process.env.BENCH_API_KEY;
const requests = JSON.parse(process.env.BENCH_REQUESTS ?? '[]');

const beforeImport = performance.now();
const { handler } = await import(bundle);
const afterImport = performance.now();

const context = {
  callbackWaitsForEmptyEventLoop: false,
  functionName: 'adgen-api-bench',
  functionVersion: '$LATEST',
  invokedFunctionArn: 'arn:aws:lambda:local:000000000000:function:adgen-api-bench',
  memoryLimitInMB: '1024',
  awsRequestId: 'bench',
  logGroupName: 'bench',
  logStreamName: 'bench',
  getRemainingTimeInMillis: () => 29_000,
  done: () => {},
  fail: () => {},
  succeed: () => {},
};
const event = (body, i) => ({
  resource: '/',
  path: '/',
  httpMethod: 'POST',
  headers: { 'content-type': 'application/json', 'x-api-key': apiKey },
  multiValueHeaders: {},
  queryStringParameters: null,
  multiValueQueryStringParameters: null,
  pathParameters: null,
  stageVariables: null,
  body: JSON.stringify(body),
  isBase64Encoded: false,
  requestContext: {
    requestId: `bench-${i}`,
    stage: 'bench',
    httpMethod: 'POST',
    path: '/',
    resourcePath: '/',
    resourceId: 'root',
    apiId: 'bench',
    accountId: '000000000000',
    protocol: 'HTTP/1.1',
    requestTimeEpoch: Date.now(),
    authorizer: null,
    identity: { sourceIp: '127.0.0.1' },
  },
});

const timings = [];
let i = 0;
for (const body of requests) {
  const t = performance.now();
  const result = await handler(event(body, i), { ...context, awsRequestId: `bench-${i}` });
  timings.push({ action: body.action, status: result.statusCode, ms: performance.now() - t });
  i++;
}
process.stdout.write(
  `${JSON.stringify({ before_import_ms: beforeImport, import_done_ms: afterImport, import_ms: afterImport - beforeImport, timings })}\n`,
);
process.exit(0);
