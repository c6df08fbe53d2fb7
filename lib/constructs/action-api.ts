import { RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import {
  AccessLogField,
  AccessLogFormat,
  AuthorizationType,
  EndpointType,
  JsonSchemaType,
  JsonSchemaVersion,
  LambdaIntegration,
  LogGroupLogDestination,
  type Method,
  MethodLoggingLevel,
  ResponseType,
  RestApi,
} from 'aws-cdk-lib/aws-apigateway';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';

export interface ActionApiProps {
  /** The router Lambda behind `POST /` (proxy integration). */
  readonly handler: IFunction;
  /** Stage name, the first path segment of the URL. @default 'v1' */
  readonly stageName?: string;
  /** Steady-state requests per second of the stage. */
  readonly throttleRateLimit: number;
  /** Burst (bucket size) of the stage. */
  readonly throttleBurstLimit: number;
  /** Retention of the access logs. @default RetentionDays.THREE_MONTHS */
  readonly accessLogRetention?: RetentionDays;
  /** Retention of the stage's execution logs. @default RetentionDays.ONE_MONTH */
  readonly executionLogRetention?: RetentionDays;
}

/**
 * One fields-per-line JSON access log. It never includes headers or bodies: bodies carry
 * research summaries and headers carry API keys and tokens.
 */
const ACCESS_LOG_FORMAT = AccessLogFormat.custom(
  JSON.stringify({
    requestId: AccessLogField.contextRequestId(),
    extendedRequestId: AccessLogField.contextExtendedRequestId(),
    requestTime: AccessLogField.contextRequestTime(),
    ip: AccessLogField.contextIdentitySourceIp(),
    userAgent: AccessLogField.contextIdentityUserAgent(),
    httpMethod: AccessLogField.contextHttpMethod(),
    path: AccessLogField.contextPath(),
    protocol: AccessLogField.contextProtocol(),
    status: AccessLogField.contextStatus(),
    responseLength: AccessLogField.contextResponseLength(),
    responseLatency: AccessLogField.contextResponseLatency(),
    integrationStatus: AccessLogField.contextIntegrationStatus(),
    integrationLatency: AccessLogField.contextIntegrationLatency(),
    errorType: AccessLogField.contextErrorResponseType(),
    errorMessage: AccessLogField.contextErrorMessageString(),
    integrationError: AccessLogField.contextIntegrationErrorMessage(),
    xrayTraceId: AccessLogField.contextXrayTraceId(),
  }),
);

/** `{ "error": { "code", "message" } }`, the envelope the router answers with (docs/decisions/0001). */
function envelope(code: string, message: string): Record<string, string> {
  return { 'application/json': JSON.stringify({ error: { code, message } }) };
}

const SECURITY_HEADERS = {
  'Cache-Control': "'no-store'",
  'X-Content-Type-Options': "'nosniff'",
};

/**
 * The REST API: exactly one method, `POST /`, proxied to the router, which reads the action
 * from the body and authenticates the caller itself (X-Api-Key, or a Cognito access token for
 * the key actions). API Gateway only checks that the body is a JSON object, throttles the
 * stage, and writes access and execution logs (never request or response bodies).
 *
 * The errors API Gateway answers by itself use the router's envelope, so callers see one
 * format: throttling is `429 rate_limited`, a body that is not a JSON object `400 invalid_json`,
 * any other method or path `405 method_not_allowed`, a failure before the router `internal_error`.
 */
export class ActionApi extends Construct {
  readonly api: RestApi;
  readonly method: Method;
  /** GET and POST /review, the client review page (ADR 0040). */
  readonly reviewMethods: Method[];
  readonly accessLogGroup: LogGroup;
  readonly executionLogGroup: LogGroup;

  constructor(scope: Construct, id: string, props: ActionApiProps) {
    super(scope, id);
    this.accessLogGroup = new LogGroup(this, 'AccessLogs', {
      retention: props.accessLogRetention ?? RetentionDays.THREE_MONTHS,
      removalPolicy: RemovalPolicy.RETAIN,
    });

    const stageName = props.stageName ?? 'v1';
    this.api = new RestApi(this, 'Api', {
      // Unique per stack and region: the 5xx alarm selects the API's metrics by this name.
      restApiName: `${Stack.of(this).stackName}-api`,
      description: 'adgen: one POST endpoint whose body names the action',
      endpointConfiguration: { types: [EndpointType.REGIONAL] },
      // Execution and access logging need the account's API Gateway CloudWatch role.
      cloudWatchRole: true,
      cloudWatchRoleRemovalPolicy: RemovalPolicy.RETAIN,
      deployOptions: {
        stageName,
        throttlingRateLimit: props.throttleRateLimit,
        throttlingBurstLimit: props.throttleBurstLimit,
        accessLogDestination: new LogGroupLogDestination(this.accessLogGroup),
        accessLogFormat: ACCESS_LOG_FORMAT,
        loggingLevel: MethodLoggingLevel.INFO,
        dataTraceEnabled: false,
        metricsEnabled: true,
        tracingEnabled: true,
      },
    });

    // API Gateway writes execution logs to a group of this name, which it would create without
    // a retention; created here first (the stage waits for it), so it expires like the others.
    this.executionLogGroup = new LogGroup(this, 'ExecutionLogs', {
      logGroupName: `API-Gateway-Execution-Logs_${this.api.restApiId}/${stageName}`,
      retention: props.executionLogRetention ?? RetentionDays.ONE_MONTH,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    this.api.deploymentStage.node.addDependency(this.executionLogGroup);

    // The stack outputs the stage URL as ApiUrl; drop RestApi's own unnamed duplicate.
    this.api.node.tryRemoveChild('Endpoint');

    const jsonObject = this.api.addModel('JsonObject', {
      contentType: 'application/json',
      description: 'Any JSON object; the router validates the action and its fields.',
      schema: { schema: JsonSchemaVersion.DRAFT4, title: 'ActionRequest', type: JsonSchemaType.OBJECT },
    });
    const validator = this.api.addRequestValidator('BodyValidator', {
      validateRequestBody: true,
      // No required parameters today; on, so any added later are enforced.
      validateRequestParameters: true,
    });

    this.method = this.api.root.addMethod(
      'POST',
      new LambdaIntegration(props.handler, { proxy: true, allowTestInvoke: false }),
      {
        authorizationType: AuthorizationType.NONE,
        requestValidator: validator,
        // `$default` applies the model whatever the Content-Type (the router ignores it too).
        requestModels: { $default: jsonObject },
      },
    );

    // The client review page (ADR 0040): GET shows it, POST records a decision from its form. The
    // token in the query authenticates; the stage's throttling covers these methods as any other.
    const review = this.api.root.addResource('review');
    this.reviewMethods = ['GET', 'POST'].map((verb) =>
      review.addMethod(verb, new LambdaIntegration(props.handler, { proxy: true, allowTestInvoke: false }), {
        authorizationType: AuthorizationType.NONE,
      }),
    );

    this.api.addGatewayResponse('Throttled', {
      type: ResponseType.THROTTLED,
      statusCode: '429',
      // Every 429 says when to come back (API Gateway's own throttling included).
      responseHeaders: { ...SECURITY_HEADERS, 'Retry-After': "'1'" },
      templates: envelope('rate_limited', 'Too many requests; retry later.'),
    });
    this.api.addGatewayResponse('BadRequestBody', {
      type: ResponseType.BAD_REQUEST_BODY,
      statusCode: '400',
      responseHeaders: SECURITY_HEADERS,
      templates: envelope('invalid_json', 'The request body must be a JSON object.'),
    });
    this.api.addGatewayResponse('RequestTooLarge', {
      type: ResponseType.REQUEST_TOO_LARGE,
      statusCode: '413',
      responseHeaders: SECURITY_HEADERS,
      templates: envelope('payload_too_large', 'The request body is too large.'),
    });
    // API Gateway answers "Missing Authentication Token" for any method or path it has no route for.
    this.api.addGatewayResponse('NoRoute', {
      type: ResponseType.MISSING_AUTHENTICATION_TOKEN,
      statusCode: '405',
      responseHeaders: { ...SECURITY_HEADERS, Allow: "'POST'" },
      templates: envelope('method_not_allowed', 'The API takes POST / with a JSON body.'),
    });
    this.api.addGatewayResponse('Default5xx', {
      type: ResponseType.DEFAULT_5XX,
      responseHeaders: SECURITY_HEADERS,
      templates: envelope('internal_error', 'Something went wrong on our side; retry later.'),
    });

    const noAuthorizer =
      'The router authenticates every request itself: X-Api-Key for normal actions, a Cognito access token (JWT, verified against the pool) for key actions. Which credential is allowed depends on the action named in the body, and API Gateway authorizers never see the body; revocation must also apply on the next request, which an authorizer cache would delay.';
    Validations.of(this.method).acknowledge({ id: 'AwsSolutions-APIG4', reason: noAuthorizer });
    Validations.of(this.method).acknowledge({ id: 'AwsSolutions-COG4', reason: noAuthorizer });
    const reviewToken =
      'A client reviewing a campaign has no account by design (ADR 0040): the signed, expiring, revocable token in the link is the credential, checked by the router on every request.';
    for (const method of this.reviewMethods) {
      Validations.of(method).acknowledge({ id: 'AwsSolutions-APIG4', reason: reviewToken });
      Validations.of(method).acknowledge({ id: 'AwsSolutions-COG4', reason: reviewToken });
    }
    const cloudWatchRole = this.api.node.tryFindChild('CloudWatchRole');
    if (cloudWatchRole) {
      Validations.of(cloudWatchRole).acknowledge({
        id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AmazonAPIGatewayPushToCloudWatchLogs]',
        reason:
          "API Gateway's account-level CloudWatch role (needed for execution and access logs) uses the AWS-maintained policy made for it; API Gateway itself creates the log groups it writes to, so their names are not known here.",
      });
    }
    Validations.of(this.api.deploymentStage).acknowledge({
      id: 'AwsSolutions-APIG3',
      reason:
        'No WAF web ACL by default (a fixed monthly cost per deployment): the stage is throttled, bodies are validated, every request is authenticated by the router and oversized bodies are refused. An operator can associate a web ACL with the stage without a code change.',
    });
  }
}
