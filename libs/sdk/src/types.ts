/**
 * The request and response types of the API, named. They are derived from `generated/openapi.ts`,
 * which is generated from docs/openapi.json — the document built from the zod schemas the server
 * validates with — so a change of contract shows up here as a type change (and the drift tests fail
 * until the file is regenerated).
 */
import type { components, operations, paths } from './generated/openapi.ts';

type JsonBody<Op> = Op extends { requestBody?: { content: { 'application/json': infer B } } } ? B : never;
type JsonResponse<Op, Status extends number> = Op extends {
  responses: { [S in Status]: { content: { 'application/json': infer R } } };
}
  ? R
  : never;
type Query<Op> = Op extends { parameters: { query?: infer Q } } ? NonNullable<Q> : never;

/** Every path of the API, as in the OpenAPI document (`/api/profiles/{id}`). */
export type ApiPath = keyof paths;

export type ErrorEnvelope = components['schemas']['Error'];
export type ErrorCode = ErrorEnvelope['error']['code'];
export type ErrorDetail = NonNullable<ErrorEnvelope['error']['details']>[number];

// Validation
export type ValidateRequest = JsonBody<operations['postValidate']>;
export type ValidateResponse = JsonResponse<operations['postValidate'], 200>;
export type ValidationType = ValidateRequest['validationType'];
export type CallContext = NonNullable<ValidateRequest['context']>;
export type ToolCall = NonNullable<ValidateRequest['toolCall']>;
export type GuardrailResult = ValidateResponse['results'][number];
export type Finding = GuardrailResult['findings'][number];
export type Severity = GuardrailResult['severity'];
export type GuardrailAction = GuardrailResult['action'];

// Profiles
export type ProfileDefinition = JsonBody<operations['postProfiles']>;
export type GuardrailEntry = ProfileDefinition['inputGuardrails'][number];
export type Profile = JsonResponse<operations['postProfiles'], 201>;
export type ProfileList = JsonResponse<operations['getProfiles'], 200>;
export type ProfileSummary = ProfileList['profiles'][number];
export type ProfilePatch = JsonBody<operations['patchProfilesById']>;
export type ProfileCloneRequest = JsonBody<operations['postProfilesByIdClone']>;
export type ProfileRollbackRequest = JsonBody<operations['postProfilesByIdRollback']>;
export type ProfileVersionList = JsonResponse<operations['getProfilesByIdVersions'], 200>;
export type ProfileVersion = JsonResponse<operations['getProfilesByIdVersionsByVersion'], 200>;

// Catalogue
export type GuardrailCatalogue = JsonResponse<operations['getGuardrails'], 200>;
export type GuardrailInfo = GuardrailCatalogue['guardrails'][number];

// Analytics
export type AnalyticsSummaryQuery = Query<operations['getAnalyticsSummary']>;
export type AnalyticsSummary = JsonResponse<operations['getAnalyticsSummary'], 200>;
export type AnalyticsTimeseriesQuery = Query<operations['getAnalyticsTimeseries']>;
export type AnalyticsTimeseries = JsonResponse<operations['getAnalyticsTimeseries'], 200>;
export type AnalyticsGuardrailsQuery = Query<operations['getAnalyticsGuardrails']>;
export type AnalyticsGuardrails = JsonResponse<operations['getAnalyticsGuardrails'], 200>;
export type AnalyticsUsageQuery = Query<operations['getAnalyticsUsage']>;
export type AnalyticsUsage = JsonResponse<operations['getAnalyticsUsage'], 200>;

// Batches
export type BatchCreateRequest = JsonBody<operations['postBatches']>;
export type BatchItem = BatchCreateRequest['items'][number];
export type BatchAccepted = JsonResponse<operations['postBatches'], 202>;
export type Batch = JsonResponse<operations['getBatchesById'], 200>;
export type BatchStatus = Batch['status'];
export type BatchListQuery = Query<operations['getBatches']>;
export type BatchList = JsonResponse<operations['getBatches'], 200>;
export type BatchResultsQuery = Query<operations['getBatchesByIdResults']>;
export type BatchResultsPage = JsonResponse<operations['getBatchesByIdResults'], 200>;
export type BatchResultItem = BatchResultsPage['items'][number];
