import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useSession } from '../../../session/useSession';
import { routePath } from '../campaignPaths';
import { BankFormModal } from './BankFormModal';
import { EntityListPage } from './EntityListPage';
import type { QuestionBank } from './entityTypes';

/** questionBank: banks of quiz questions that quiz gameplays draw from. */
export function QuestionBankPage() {
  const { t } = useTranslation();
  const { projectId } = useSession();
  const navigate = useNavigate();
  const open = (bank: QuestionBank) =>
    navigate(routePath('questionBankDetail', projectId, { hash_id: bank.id }));
  return (
    <EntityListPage<QuestionBank>
      title={t('menu:page.questionBank')}
      description={t('rewards:bank.description')}
      createLabel={t('rewards:bank.create')}
      endpoint="/api/question-banks"
      testId="bank-table"
      emptyText={t('rewards:bank.empty')}
      loadFailedText={t('rewards:common.loadFailed')}
      deleteTitle={t('rewards:bank.deleteTitle')}
      deleteConfirm={(row) => t('rewards:bank.deleteConfirm', { name: row.name, count: row.questionCount })}
      columns={[
        {
          title: t('rewards:bank.name'),
          dataIndex: 'name',
          render: (name: string, row) => (
            <Button type="link" style={{ padding: 0 }} onClick={() => open(row)}>
              {name}
            </Button>
          ),
        },
        { title: t('rewards:bank.questionCount'), dataIndex: 'questionCount', width: 140 },
      ]}
      rowActions={(row) => (
        <Button type="link" size="small" onClick={() => open(row)}>
          {t('rewards:bank.questions')}
        </Button>
      )}
      renderForm={(props) => <BankFormModal {...props} />}
    />
  );
}
