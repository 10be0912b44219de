import { Button, Image, Tag } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import useSWR from 'swr';
import { useSession } from '../../../session/useSession';
import { routePath } from '../campaignPaths';
import { EntityFormModal } from './EntityFormModal';
import { EntityListPage } from './EntityListPage';
import type { QuestionBank, QuestionRow } from './entityTypes';
import { pickText } from './pickText';

interface Option {
  id: string;
  text?: Record<string, string>;
}

/** questionBankDetail: the questions of one bank (title, options, answers, score, image). */
export function QuestionBankDetailPage() {
  const { t, i18n } = useTranslation();
  const { hash_id: bankId = '' } = useParams();
  const { projectId } = useSession();
  const navigate = useNavigate();
  const { data: bank } = useSWR<QuestionBank>(`/api/question-banks/${encodeURIComponent(bankId)}`);
  const options = (row: QuestionRow) =>
    Array.isArray(row.config?.options) ? (row.config.options as Option[]) : [];
  const answers = (row: QuestionRow) =>
    Array.isArray(row.config?.answers) ? (row.config.answers as string[]) : [];

  return (
    <EntityListPage<QuestionRow>
      head={
        <Button
          type="link"
          icon={<ArrowLeftOutlined />}
          style={{ alignSelf: 'flex-start', padding: 0 }}
          onClick={() => navigate(routePath('questionBank', projectId))}
        >
          {t('rewards:question.back')}
        </Button>
      }
      title={bank ? t('rewards:question.title', { name: bank.name }) : t('menu:page.questionBankDetail')}
      description={t('rewards:question.description')}
      createLabel={t('rewards:question.create')}
      endpoint="/api/questions"
      query={{ bank: bankId }}
      testId="question-table"
      emptyText={t('rewards:question.empty')}
      loadFailedText={t('rewards:common.loadFailed')}
      deleteTitle={t('rewards:question.deleteTitle')}
      deleteConfirm={(row) => t('rewards:question.deleteConfirm', { name: row.title })}
      columns={[
        {
          title: t('rewards:question.question'),
          key: 'title',
          render: (_value, row) => pickText(row.config?.title, i18n.language) || row.title,
        },
        {
          title: t('rewards:question.options'),
          key: 'options',
          render: (_value, row) =>
            options(row).map((option) => (
              <Tag key={option.id} color={answers(row).includes(option.id) ? 'green' : undefined}>
                {pickText(option.text, i18n.language) || option.id}
              </Tag>
            )),
        },
        {
          title: t('rewards:question.score'),
          key: 'score',
          width: 100,
          render: (_value, row) => (typeof row.config?.score === 'number' ? row.config.score : '-'),
        },
        {
          title: t('rewards:question.image'),
          key: 'image',
          width: 100,
          render: (_value, row) =>
            typeof row.config?.image === 'string' ? <Image src={row.config.image} width={40} alt="" /> : '-',
        },
      ]}
      renderForm={(props) => (
        <EntityFormModal
          {...props}
          entity="quiz-question"
          endpoint="/api/questions"
          query={{ bank: bankId }}
          title={t(props.row ? 'rewards:question.edit' : 'rewards:question.create')}
        />
      )}
    />
  );
}
