import type { KeywordDefinition } from 'ajv';
import { increasing } from './increasing';
import { maxDecimals } from './maxDecimals';
import { maxEnabled } from './maxEnabled';
import { maxPerValue } from './maxPerValue';
import { notBefore } from './notBefore';
import { pickedItem } from './pickedItem';
import { prizeRefs } from './prizeRefs';
import { probabilitySum } from './probabilitySum';
import { semicolonList } from './semicolonList';
import { singleLine } from './singleLine';
import { sumNotBelowMin } from './sumNotBelowMin';
import { textsInLanguage } from './textsInLanguage';
import { timeRange } from './timeRange';
import { uniqueBy } from './uniqueBy';
import { urlRule } from './urlRule';

/** Every custom keyword schema files may use (schemas/README.md explains each one). */
export const ENGINE_KEYWORDS: readonly KeywordDefinition[] = [
  probabilitySum,
  uniqueBy,
  timeRange,
  notBefore,
  increasing,
  maxEnabled,
  maxPerValue,
  semicolonList,
  sumNotBelowMin,
  maxDecimals,
  pickedItem,
  prizeRefs,
  textsInLanguage,
  singleLine,
  urlRule,
];
