import { Form } from 'antd';
import { Templates } from '@rjsf/antd';
import { getUiOptions, type FieldTemplateProps } from '@rjsf/utils';
import { errorText } from '../fieldIssues';
import { formContextOf } from '../schemaFormContext';

const AntdFieldTemplate = Templates.FieldTemplate!;

/** Console fields that edit a whole value and want the usual label above them (RJSF leaves it off for custom fields). */
const LABELLED_FIELDS = new Set(['timeRange', 'i18nText', 'keyValue', 'prizeTable']);

/**
 * antd's field template, except that a field hidden because a neighbour edits it (the end time
 * and timezone of a time range) still shows its errors, right under that neighbour, and that a
 * group's description is shown once, under its title (ObjectFieldTemplate), not again below it.
 */
export function FieldTemplate(props: FieldTemplateProps) {
  if (props.hidden && props.rawErrors && props.rawErrors.length > 0)
    return (
      <Form.Item
        validateStatus="error"
        help={errorText(props.rawErrors, formContextOf(props.registry).lang)}
        className="gc-sf-hidden-errors"
      >
        {props.children}
      </Form.Item>
    );
  const field = getUiOptions(props.uiSchema).field;
  if (typeof field === 'string' && LABELLED_FIELDS.has(field))
    return <AntdFieldTemplate {...props} displayLabel />;
  if (props.schema.type === 'object' && field === undefined)
    return <AntdFieldTemplate {...props} rawDescription={undefined} description={undefined} />;
  return <AntdFieldTemplate {...props} />;
}
