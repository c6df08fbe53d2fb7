import { type Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import { type IRole, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import { type BundlingOptions, NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { projectPath } from '../paths.ts';

export interface NodeFunctionProps {
  /** Handler module, relative to the repository root (e.g. `lambdas/api/handler.ts`); it exports `handler`. */
  readonly entry: string;
  /** One line on what the function does (the Lambda description). */
  readonly description: string;
  /** Memory in MB. */
  readonly memorySize: number;
  /** Maximum run time of one invocation. */
  readonly timeout: Duration;
  /** Environment variables, added to `NODE_OPTIONS=--enable-source-maps` (see below). */
  readonly environment?: Readonly<Record<string, string>>;
  /**
   * Node maps stack traces through the bundle's source maps (`--enable-source-maps`). It reads
   * and parses the map of every chunk it loads, about 50 ms of CPU on the router's cold start
   * (ADR 0011); a function on the request path can turn it off and keep the maps in its asset
   * for decoding a trace offline.
   * @default true
   */
  readonly sourceMapsAtRuntime?: boolean;
  /**
   * Bundling options merged over the defaults (minified ESM for node24 with source maps, the
   * pinned AWS SDK bundled in). For example `nodeModules` for a native dependency.
   * @default - the defaults only
   */
  readonly bundling?: Partial<BundlingOptions>;
  /** How long the function's log group keeps events. @default RetentionDays.ONE_MONTH */
  readonly logRetention?: RetentionDays;
}

/**
 * ES modules need `require` for the CommonJS parts of bundled dependencies; esbuild's ESM
 * output does not define it.
 */
const ESM_REQUIRE_BANNER =
  "import { createRequire } from 'node:module';const require = createRequire(import.meta.url);";

/** Bundling shared by every function; exported so tests can assert the one set of defaults. */
export const DEFAULT_BUNDLING: BundlingOptions = {
  minify: true,
  format: OutputFormat.ESM,
  sourceMap: true,
  sourcesContent: false,
  target: 'node24',
  externalModules: [],
  mainFields: ['module', 'main'],
  banner: ESM_REQUIRE_BANNER,
};

/**
 * A TypeScript Lambda with this project's secure defaults: Node.js 24 on arm64, bundled with
 * esbuild, X-Ray tracing on, its own log group with a retention, and its own role that can
 * write only to that log group (no AWS managed policy). Grant it more with the usual `grant*`
 * methods on {@link NodeFunction.fn} or {@link NodeFunction.role}.
 */
export class NodeFunction extends Construct {
  readonly fn: NodejsFunction;
  readonly role: IRole;
  readonly logGroup: LogGroup;

  constructor(scope: Construct, id: string, props: NodeFunctionProps) {
    super(scope, id);

    this.logGroup = new LogGroup(this, 'Logs', {
      retention: props.logRetention ?? RetentionDays.ONE_MONTH,
      // Logs outlive a stateless redeploy: the retention above still expires them.
      removalPolicy: RemovalPolicy.RETAIN,
    });

    const role = new Role(this, 'Role', {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: `Execution role of ${props.description}`,
    });
    this.logGroup.grantWrite(role);
    this.role = role;

    this.fn = new NodejsFunction(this, 'Function', {
      entry: projectPath(props.entry),
      handler: 'handler',
      projectRoot: projectPath('.'),
      depsLockFilePath: projectPath('package-lock.json'),
      description: props.description,
      runtime: Runtime.NODEJS_24_X,
      architecture: Architecture.ARM_64,
      memorySize: props.memorySize,
      timeout: props.timeout,
      tracing: Tracing.ACTIVE,
      role,
      logGroup: this.logGroup,
      environment: {
        ...(props.sourceMapsAtRuntime === false ? {} : { NODE_OPTIONS: '--enable-source-maps' }),
        ...props.environment,
      },
      bundling: { ...DEFAULT_BUNDLING, ...props.bundling },
    });

    Validations.of(role).acknowledge({
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason:
        'Active tracing adds xray:PutTraceSegments and xray:PutTelemetryRecords, which support no resource-level permissions (resource must be *).',
    });
  }
}
