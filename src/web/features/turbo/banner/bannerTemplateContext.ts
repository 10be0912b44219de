import { createContext } from 'react';

/**
 * The banner form's chosen link template, for the link picker: RJSF's fields are memoised, so a
 * widget learns of another field's change through context rather than through its props.
 */
export const BannerTemplateContext = createContext<string | undefined>(undefined);
