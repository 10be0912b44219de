import { listPickerWidget } from './listPickerWidget';

/** A deep link of the project (`links.id`), from `GET /api/links`: e.g. the link a referral invites through. */
export const DeepLinkPickerWidget = listPickerWidget({
  url: '/api/links',
  label: (row) => `${String(row.name ?? '')} (${String(row.linkId ?? '')})`,
  placeholder: 'deepLink',
  empty: 'emptyLinks',
});
