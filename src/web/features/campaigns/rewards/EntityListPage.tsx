import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { EntityListPage as ListPage, type EntityListPageProps } from '../../../app/EntityListPage';
import { freshQuery } from '../freshQuery';

export type { EntityFormProps } from '../../../app/EntityListPage';

type Props<Row extends { id: string; updatedAt: string }> = Omit<
  EntityListPageProps<Row>,
  'searchPlaceholder' | 'swr' | 'scrollX'
>;

/**
 * A supporting list (prizes, questions, user types, callback addresses, forms): the shared list
 * page with the last-change time, fetched again on every visit.
 */
export function EntityListPage<Row extends { id: string; updatedAt: string }>(props: Props<Row>) {
  const { t } = useTranslation();
  return (
    <ListPage<Row>
      {...props}
      searchPlaceholder={t('rewards:common.search')}
      swr={freshQuery}
      scrollX={1000}
      columns={[
        ...props.columns,
        {
          title: t('rewards:common.updatedAt'),
          dataIndex: 'updatedAt',
          width: 150,
          render: (value: string) => dayjs(value).format('YYYY-MM-DD HH:mm'),
        },
      ]}
    />
  );
}
