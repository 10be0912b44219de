import { Form } from 'antd';
import { Templates } from '@rjsf/antd';
import type { FieldTemplateProps } from '@rjsf/utils';

const AntdFieldTemplate = Templates.FieldTemplate!;

/**
 * antd's field template, except that a field hidden because a neighbour edits it (the end time
 * and timezone of a time range) still shows its errors, right under that neighbour.
 */
export function FieldTemplate(props: FieldTemplateProps) {
  if (props.hidden && props.rawErrors && props.rawErrors.length > 0)
    return (
      <Form.Item validateStatus="error" help={props.rawErrors.join(' ')} className="gc-sf-hidden-errors">
        {props.children}
      </Form.Item>
    );
  return <AntdFieldTemplate {...props} />;
}
