import { withTheme } from '@rjsf/core';
import { Theme as AntdTheme } from '@rjsf/antd';
import AntdDateWidget from '@rjsf/antd/lib/widgets/DateWidget/index.js';
import AntdSelectWidget from '@rjsf/antd/lib/widgets/SelectWidget/index.js';
import type { RegistryFieldsType, RegistryWidgetsType, WidgetProps } from '@rjsf/utils';
import { ArrayFieldTemplate } from './templates/ArrayFieldTemplate';
import { BaseInputTemplate } from './templates/BaseInputTemplate';
import { FieldTemplate } from './templates/FieldTemplate';
import { ObjectFieldTemplate } from './templates/ObjectFieldTemplate';
import { CallbackAddressWidget } from './widgets/CallbackAddressWidget';
import { CampaignPickerWidget } from './widgets/CampaignPickerWidget';
import { DeepLinkPickerWidget } from './widgets/DeepLinkPickerWidget';
import { RewardFormWidget } from './widgets/RewardFormWidget';
import { ColorWidget } from './widgets/ColorWidget';
import { DateTimeWidget } from './widgets/DateTimeWidget';
import { I18nTextField } from './widgets/I18nTextField';
import { KeyValueField } from './widgets/KeyValueField';
import { PrizeTableField } from './widgets/prizeTable/PrizeTableField';
import { SemicolonListWidget } from './widgets/SemicolonListWidget';
import { TextareaWidget } from './widgets/TextareaWidget';
import { TimeRangeField } from './widgets/TimeRangeField';
import { TimezoneWidget } from './widgets/TimezoneWidget';
import { UploadWidget } from './widgets/UploadWidget';
import { UserTypeWidget } from './widgets/UserTypeWidget';

const ImageUpload = (props: WidgetProps) => <UploadWidget kind="image" {...props} />;
const VideoUpload = (props: WidgetProps) => <UploadWidget kind="video" {...props} />;
const AudioUpload = (props: WidgetProps) => <UploadWidget kind="audio" {...props} />;

/**
 * @rjsf/antd opens its select and date popups inside the field's own box (its parent node). Each
 * field of a form is paint-contained (content-visibility, schemaForm.css), so such a popup was cut
 * off at the field's edge and a click on an option below it landed on what lies there: the card,
 * or the wizard's sticky footer. These popups open on the page's body instead, as every other antd
 * popup of the console does: above the footer, and flipped upwards by antd when the window has no
 * room below.
 */
AntdSelectWidget.getPopupContainerCallback = () => () => document.body;
AntdDateWidget.getPopupContainerCallback = () => () => document.body;

/**
 * Widgets by the names ui schemas use (`"ui:widget": "image"`); the standard names a folder may
 * already use (`color`, `date-time`, `textarea`, `updown`) resolve to the console's versions of
 * RJSF's ColorWidget, DateTimeWidget, TextareaWidget and BaseInputTemplate.
 */
export const schemaFormWidgets: RegistryWidgetsType = {
  ColorWidget,
  DateTimeWidget,
  TextareaWidget,
  image: ImageUpload,
  video: VideoUpload,
  audio: AudioUpload,
  semicolonList: SemicolonListWidget,
  timezone: TimezoneWidget,
  userType: UserTypeWidget,
  callbackAddress: CallbackAddressWidget,
  campaign: CampaignPickerWidget,
  deeplink: DeepLinkPickerWidget,
  rewardForm: RewardFormWidget,
};

/** Fields by the names ui schemas use (`"ui:field": "prizeTable"`). */
export const schemaFormFields: RegistryFieldsType = {
  prizeTable: PrizeTableField,
  keyValue: KeyValueField,
  i18nText: I18nTextField,
  timeRange: TimeRangeField,
};

/** The one RJSF form component of the console: @rjsf/antd plus the widgets above, registered once. */
export const ThemedForm = withTheme({
  widgets: { ...AntdTheme.widgets, ...schemaFormWidgets },
  fields: schemaFormFields,
  templates: {
    ...AntdTheme.templates,
    ArrayFieldTemplate,
    BaseInputTemplate,
    FieldTemplate,
    ObjectFieldTemplate,
  },
});
