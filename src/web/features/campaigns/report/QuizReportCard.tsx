import { Card, Col, Row, Statistic, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { QuizReport } from '../reportTypes';
import { ExportButton } from './ExportButton';

const number = new Intl.NumberFormat();
const percent = (part: number, whole: number) => (whole === 0 ? '-' : `${Math.round((part / whole) * 100)}%`);

/**
 * A prize quiz's answers as the server scored them: attempts, scores, and per question how often
 * it was asked and answered right, with each option's picks (the right ones tagged).
 */
export function QuizReportCard({ quiz, exportUrl }: { quiz: QuizReport; exportUrl: string }) {
  const { t } = useTranslation();
  const r = (key: string) => t(`campaigns:report.${key}`);
  const figures: [string, number | string][] = [
    ['quizAttempts', number.format(quiz.attempts)],
    ['quizAnswered', number.format(quiz.answered)],
    ['quizTimedOut', number.format(quiz.timedOut)],
    ['quizAverage', quiz.averageScore],
    ['quizFullMarks', number.format(quiz.fullMarks)],
  ];
  return (
    <Card title={r('quiz')} extra={<ExportButton url={exportUrl} />} data-testid="report-quiz">
      <Row gutter={[16, 16]}>
        {figures.map(([key, value]) => (
          <Col key={key} xs={12} md={8} lg={4}>
            <Statistic title={r(key)} value={value} />
          </Col>
        ))}
      </Row>
      <Table
        size="small"
        rowKey="id"
        pagination={false}
        style={{ marginTop: 16 }}
        dataSource={quiz.questions}
        columns={[
          { title: r('quizQuestion'), dataIndex: 'title' },
          { title: r('quizAsked'), dataIndex: 'asked', align: 'right' },
          { title: r('quizAnswered'), dataIndex: 'answered', align: 'right' },
          { title: r('quizRight'), dataIndex: 'right', align: 'right' },
          {
            title: r('quizRightRate'),
            key: 'rate',
            align: 'right',
            render: (_, q) => percent(q.right, q.answered),
          },
          {
            title: r('quizOptions'),
            key: 'options',
            render: (_, q) =>
              q.options.map((o) => (
                <div key={o.id}>
                  <Typography.Text>{o.text}</Typography.Text>{' '}
                  <Typography.Text type="secondary">
                    {number.format(o.picks)} ({percent(o.picks, q.answered)})
                  </Typography.Text>{' '}
                  {o.isAnswer ? <Tag color="green">{r('quizAnswer')}</Tag> : null}
                </div>
              )),
          },
        ]}
      />
      {quiz.scores.length > 0 ? (
        <Table
          size="small"
          rowKey="score"
          pagination={false}
          style={{ marginTop: 16, maxWidth: 360 }}
          title={() => r('quizScores')}
          dataSource={quiz.scores}
          columns={[
            { title: r('quizScore'), dataIndex: 'score' },
            { title: r('quizAttempts'), dataIndex: 'attempts', align: 'right' },
          ]}
        />
      ) : null}
    </Card>
  );
}
