import { Typography } from 'antd';
import type { ObjectFieldTemplateProps } from '@rjsf/utils';

/**
 * Objects as plain groups: the form's root without chrome, nested objects under a small title.
 * Hidden properties are rendered too: a field edited by its neighbour (a range's end time) shows
 * its errors through them.
 */
export function ObjectFieldTemplate({
  title,
  description,
  properties,
  required,
  fieldPathId,
  optionalDataControl,
}: ObjectFieldTemplateProps) {
  const content = properties.map((property) => property.content);
  if (fieldPathId.path.length === 0) return <div id={fieldPathId.$id}>{content}</div>;
  return (
    <section className="gc-sf-group" id={fieldPathId.$id} aria-label={title || undefined}>
      {title && (
        <div className="gc-sf-group-title">
          {required && <span className="gc-sf-required">*</span>}
          {title}
        </div>
      )}
      {description && <Typography.Paragraph type="secondary">{description}</Typography.Paragraph>}
      {optionalDataControl}
      {content}
    </section>
  );
}
