export { numbersModule } from './numbers.module.js';
export {
  assertPropertyNumberAllowed,
  noSmsNumber,
  numberOwner,
  sendingNumberOf,
  sharedNumberOf,
} from './numbers.service.js';
export type { SharedNumber } from './numbers.service.js';
export {
  countNumbersBySource,
  numberSourceIdOf,
  trackingPropertyIdOf,
  repointNumberSources,
} from './numbers.repository.js';
