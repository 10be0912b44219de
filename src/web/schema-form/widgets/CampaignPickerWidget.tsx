import { listPickerWidget } from './listPickerWidget';

/** The campaign a sub-activity is bound to, from `GET /api/campaigns`. */
export const CampaignPickerWidget = listPickerWidget({
  url: '/api/campaigns?kind=gameplay',
  label: (row) => String(row.title ?? row.id ?? ''),
  placeholder: 'campaign',
  empty: 'emptyCampaigns',
});
