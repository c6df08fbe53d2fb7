/**
 * A local HTTP stand-in for the AWS control planes the operator tools call: CloudFormation
 * DescribeStacks (query protocol, XML), the Bedrock control plane (REST JSON), Service Quotas and
 * CloudTrail (JSON 1.1). Real SDK clients talk to it through `endpoint` or the SDK's own
 * `AWS_ENDPOINT_URL_<SERVICE>` variables; each test scripts the account it describes.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type StandInAccount = {
  stacks: Record<string, { status: string; outputs: Record<string, string> }>;
  /** GetFoundationModel by model id. */
  models: Record<string, { name: string; provider: string; lifecycle: string; endOfLife?: string }>;
  /** GetFoundationModelAvailability by model id (absent: every field available). */
  availability: Record<
    string,
    Partial<{ region: string; authorization: string; entitlement: string; agreement: string }>
  >;
  inferenceProfiles: Record<string, string>;
  quotas: { QuotaName: string; QuotaCode: string; Value: number }[];
  trails: {
    Name: string;
    HomeRegion: string;
    IsMultiRegionTrail: boolean;
    logging: boolean;
    managementWrites: boolean;
  }[];
};

export type StandIn = {
  endpoint: string;
  account: StandInAccount;
  /** What was asked, as `<service> <operation or path>`. */
  requests: string[];
  close(): Promise<void>;
};

const xmlEscape = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

async function body(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function json(
  res: ServerResponse,
  status: number,
  value: unknown,
  errorType?: string,
  contentType = 'application/json',
) {
  const headers: Record<string, string> = { 'content-type': contentType };
  if (errorType) headers['x-amzn-errortype'] = errorType;
  res
    .writeHead(status, headers)
    .end(JSON.stringify(errorType ? { __type: errorType, message: String(value) } : value));
}

function describeStacks(account: StandInAccount, stackName: string, res: ServerResponse) {
  const stack = account.stacks[stackName];
  res.setHeader('content-type', 'text/xml');
  if (!stack) {
    res
      .writeHead(400)
      .end(
        `<ErrorResponse xmlns="http://cloudformation.amazonaws.com/doc/2010-05-15/"><Error><Type>Sender</Type><Code>ValidationError</Code><Message>Stack with id ${xmlEscape(stackName)} does not exist</Message></Error><RequestId>stand-in</RequestId></ErrorResponse>`,
      );
    return;
  }
  const outputs = Object.entries(stack.outputs)
    .map(
      ([k, v]) =>
        `<member><OutputKey>${xmlEscape(k)}</OutputKey><OutputValue>${xmlEscape(v)}</OutputValue></member>`,
    )
    .join('');
  res
    .writeHead(200)
    .end(
      `<DescribeStacksResponse xmlns="http://cloudformation.amazonaws.com/doc/2010-05-15/"><DescribeStacksResult><Stacks><member><StackName>${xmlEscape(stackName)}</StackName><StackId>arn:aws:cloudformation:us-east-1:123456789012:stack/${xmlEscape(stackName)}/1</StackId><CreationTime>2026-01-01T00:00:00Z</CreationTime><StackStatus>${stack.status}</StackStatus><Outputs>${outputs}</Outputs></member></Stacks></DescribeStacksResult><ResponseMetadata><RequestId>stand-in</RequestId></ResponseMetadata></DescribeStacksResponse>`,
    );
}

export async function startStandIn(initial: StandInAccount): Promise<StandIn> {
  const requests: string[] = [];
  // Tests swap `standIn.account` between cases; every request reads the current one.
  const state = { account: initial };
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const account = state.account;
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const text = await body(req);
    const target = String(req.headers['x-amz-target'] ?? '');
    const path = decodeURIComponent(url.pathname);

    // Bedrock control plane (REST JSON).
    const model = /^\/foundation-models\/(.+)$/.exec(path);
    if (req.method === 'GET' && model?.[1]) {
      requests.push(`bedrock GetFoundationModel ${model[1]}`);
      const m = account.models[model[1]];
      if (!m) return json(res, 404, `Model ${model[1]} not found`, 'ResourceNotFoundException');
      return json(res, 200, {
        modelDetails: {
          modelId: model[1],
          modelArn: `arn:aws:bedrock:us-east-1::foundation-model/${model[1]}`,
          modelName: m.name,
          providerName: m.provider,
          modelLifecycle: { status: m.lifecycle, ...(m.endOfLife ? { endOfLifeTime: m.endOfLife } : {}) },
        },
      });
    }
    const availability = /^\/foundation-model-availability\/(.+)$/.exec(path);
    if (req.method === 'GET' && availability?.[1]) {
      requests.push(`bedrock GetFoundationModelAvailability ${availability[1]}`);
      const a = account.availability[availability[1]] ?? {};
      return json(res, 200, {
        modelId: availability[1],
        regionAvailability: a.region ?? 'AVAILABLE',
        authorizationStatus: a.authorization ?? 'AUTHORIZED',
        entitlementAvailability: a.entitlement ?? 'AVAILABLE',
        agreementAvailability: { status: a.agreement ?? 'AVAILABLE' },
      });
    }
    const profile = /^\/inference-profiles\/(.+)$/.exec(path);
    if (req.method === 'GET' && profile?.[1]) {
      requests.push(`bedrock GetInferenceProfile ${profile[1]}`);
      const status = account.inferenceProfiles[profile[1]];
      if (!status) return json(res, 404, `Profile ${profile[1]} not found`, 'ResourceNotFoundException');
      return json(res, 200, {
        inferenceProfileId: profile[1],
        inferenceProfileName: profile[1],
        status,
        type: 'SYSTEM_DEFINED',
      });
    }

    // JSON 1.1 services.
    const amzJson = 'application/x-amz-json-1.1';
    if (target === 'ServiceQuotasV20190624.ListServiceQuotas') {
      const input = JSON.parse(text || '{}') as { ServiceCode?: string };
      requests.push(`servicequotas ListServiceQuotas ${input.ServiceCode}`);
      const quotas = input.ServiceCode === 'bedrock' ? account.quotas : [];
      return json(
        res,
        200,
        { Quotas: quotas.map((q) => ({ ...q, ServiceCode: 'bedrock', Unit: 'None' })) },
        undefined,
        amzJson,
      );
    }
    const trailOp = /CloudTrail_20131101\.(\w+)$/.exec(target)?.[1];
    if (trailOp) {
      const input = JSON.parse(text || '{}') as { Name?: string; TrailName?: string };
      requests.push(`cloudtrail ${trailOp}`);
      const find = (id?: string) =>
        account.trails.find((t) => t.Name === id || id?.endsWith(`:trail/${t.Name}`));
      if (trailOp === 'DescribeTrails') {
        return json(
          res,
          200,
          {
            trailList: account.trails.map((t) => ({
              Name: t.Name,
              HomeRegion: t.HomeRegion,
              IsMultiRegionTrail: t.IsMultiRegionTrail,
              TrailARN: `arn:aws:cloudtrail:${t.HomeRegion}:123456789012:trail/${t.Name}`,
            })),
          },
          undefined,
          amzJson,
        );
      }
      const trail = find(input.Name ?? input.TrailName);
      if (!trail) return json(res, 400, 'Unknown trail', 'TrailNotFoundException', amzJson);
      if (trailOp === 'GetTrailStatus')
        return json(res, 200, { IsLogging: trail.logging }, undefined, amzJson);
      if (trailOp === 'GetEventSelectors') {
        return json(
          res,
          200,
          {
            EventSelectors: [
              { ReadWriteType: trail.managementWrites ? 'All' : 'ReadOnly', IncludeManagementEvents: true },
            ],
          },
          undefined,
          amzJson,
        );
      }
    }

    // CloudFormation (query protocol).
    const form = new URLSearchParams(text);
    if (form.get('Action') === 'DescribeStacks') {
      const stackName = form.get('StackName') ?? '';
      requests.push(`cloudformation DescribeStacks ${stackName}`);
      return describeStacks(account, stackName, res);
    }

    requests.push(`unknown ${req.method} ${path} ${target}`);
    res
      .writeHead(400, { 'content-type': 'application/json' })
      .end('{"message":"the stand-in does not know this call"}');
  };
  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error: Error) => res.writeHead(500).end(error.message));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    get account() {
      return state.account;
    },
    set account(next: StandInAccount) {
      state.account = next;
    },
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
