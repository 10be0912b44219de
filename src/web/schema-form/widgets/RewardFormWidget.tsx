import { listPickerWidget } from './listPickerWidget';

/** The reward form a winner fills (`formId` of a prize), from the project's forms (`GET /api/reward-forms`). */
export const RewardFormWidget = listPickerWidget({
  url: '/api/reward-forms',
  label: (row) => String(row.title ?? row.id ?? ''),
  placeholder: 'rewardForm',
  empty: 'emptyRewardForms',
});
