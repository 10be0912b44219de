import { buildQuery, type QueryParams } from '../../../api/createRequestClient';
import { SchemaFormModal } from '../../../schema-form/SchemaFormModal';
import { useSession } from '../../../session/useSession';
import type { EntityFormProps } from './EntityListPage';
import type { EntityRow } from './entityTypes';

interface Props<Row extends EntityRow> extends EntityFormProps<Row> {
  /** The entity's schema folder (`entities/<entity>`): fields, labels and validation. */
  entity: string;
  /** The list's API path; saves POST there (with `query`) or PUT `/:id`. */
  endpoint: string;
  query?: QueryParams;
  title: string;
}

/** Create or edit one supporting-list entry: POST to the list's endpoint, or PUT the row. */
export function EntityFormModal<Row extends EntityRow>(props: Props<Row>) {
  const { open, row, onClose, onSaved, entity, endpoint, query, title } = props;
  const { client } = useSession();

  async function save(data: Record<string, unknown>) {
    if (row) await client.put(`${endpoint}/${encodeURIComponent(row.id)}`, data);
    else await client.post(`${endpoint}${buildQuery(query)}`, data);
  }

  return (
    <SchemaFormModal
      open={open}
      title={title}
      entity={entity}
      formKey={row?.id ?? 'new'}
      initialData={row?.config}
      save={save}
      onClose={onClose}
      onSaved={onSaved}
    />
  );
}
