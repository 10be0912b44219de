// Public surface of the schema engine, shared by the server, the CLI and the web.
export {
  buildRegistry,
  normalizeSchemaPath,
  type FileError,
  type BuildRegistryOptions,
} from './registry/buildRegistry';
export { checkRegistry } from './registry/checkRegistry';
export { bundleSchema } from './registry/bundleSchema';
export { SCHEMA_BASE, schemaIdFor, resolveUri } from './registry/schemaIds';
export type * from './registry/registryTypes';
export {
  createSchemaEngine,
  UnknownEntryError,
  type SchemaEngine,
  type ValidationResult,
  type CreateSchemaEngineOptions,
} from './createSchemaEngine';
export { createAjv, type CreateAjvOptions } from './validation/createAjv';
export { createEngineAjv, addEngineKeywords, ENGINE_AJV_OPTIONS } from './validation/createEngineAjv';
export { ENGINE_KEYWORDS } from './validation/keywords/engineKeywords';
export { splitSemicolonList } from './validation/keywords/semicolonList';
export { gmtOffsetMinutes } from './validation/keywords/timeRange';
export {
  localizeErrors,
  validationMessage,
  interpolate,
  type ValidationIssue,
} from './validation/localizeErrors';
export { normalizeLang, LANGS, DEFAULT_LANG, type Lang } from './validation/lang';
export { wizardSteps, type WizardStepModel } from './wizard/wizardSteps';
export { issuesOfStep, stepOfPath, topField } from './wizard/issuesOfStep';
export * from './rules/campaignStatus';
export * from './rules/rewardOdds';
// Play: mechanics and renderers folders name, and the pure rules of the draw.
export {
  MECHANICS,
  PRIZE_LIST_REF,
  mechanicOf,
  playOf,
  type MechanicSpec,
  type PlaySpec,
} from './play/mechanics';
export { checkPlay, type PlayProblem } from './play/checkPlay';
export * from './play/draw';
export * from './play/chances';
export * from './play/quiz';
export * from './play/predict';
export { playDay } from './play/playDay';
export { formAnswerIssues, type FormItem, type FormAnswerIssue } from './play/formAnswers';
// Ads: URL assignment, strategy link groups, AI shares, money in micros.
export * from './ads/assign';
export * from './ads/strategyUrls';
export * from './ads/ai';
export * from './ads/money';
export * from './ads/effectiveAds';
