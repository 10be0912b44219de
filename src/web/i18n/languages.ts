import type { StoredLng } from '../session/clientStore';

/** i18next language code, X-Lang header value and dayjs locale of each stored `lng` value. */
export const languages: Record<
  StoredLng,
  { i18n: 'zh-CN' | 'en-US'; header: 'zh-cn' | 'en'; dayjs: 'zh-cn' | 'en' }
> = {
  zhCN: { i18n: 'zh-CN', header: 'zh-cn', dayjs: 'zh-cn' },
  enUS: { i18n: 'en-US', header: 'en', dayjs: 'en' },
};
