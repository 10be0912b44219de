import { useEffect, useState } from 'react';
import { App, Form, Input, Modal, Radio } from 'antd';
import type { TFunction } from 'i18next';
import i18next from 'i18next';
import { useTranslation } from 'react-i18next';
import {
  BLOCK_KINDS,
  BLOCK_NOTE_MAX,
  BLOCK_VALUES_MAX,
  type BlockKind,
} from '../../../engine/risk/checkBlockValue';
import { normalizeLang } from '../../../engine/validation/lang';
import { applyFieldErrors } from '../../api/applyFieldErrors';
import { RequestError } from '../../api/RequestError';
import { oneLineRule } from '../../app/oneLineRule';
import { useSession } from '../../session/useSession';
import { blockLines, blockTextProblem, serverLineProblems, type LineProblem } from './blockLines';
import type { AddAnswer } from './riskTypes';
import './risk.css';

interface BlockForm {
  kind: BlockKind;
  values: string;
  note?: string;
}

interface Props {
  open: boolean;
  onClose(): void;
  onSaved(): void;
}

/** Shown duplicates before "…". */
const SHOWN_DUPLICATES = 5;

function linesText(t: TFunction, problems: LineProblem[]): string {
  return problems.map((p) => t('risk:form.lineProblem', { line: p.line, message: p.message })).join('\n');
}

/**
 * Adds values of one kind, one per line, with a note: every line is checked with the server's
 * rules (the engine's `checkBlockValue`) before anything is sent, and the server's refusals come
 * back on their lines.
 */
export function BlockFormModal({ open, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { client } = useSession();
  const [form] = Form.useForm<BlockForm>();
  const [busy, setBusy] = useState(false);
  const kind = Form.useWatch('kind', form) ?? 'user';

  useEffect(() => {
    if (open) form.resetFields();
  }, [open, form]);

  async function submit(values: BlockForm) {
    const { values: lines, lines: lineNumbers } = blockLines(values.values);
    setBusy(true);
    try {
      const answer = await client.post<AddAnswer>('/api/risk/blocklist', {
        kind: values.kind,
        values: lines,
        note: values.note?.trim() || undefined,
      });
      void message.success(t('risk:form.added', { count: answer.added.length }));
      if (answer.duplicates.length > 0)
        void message.warning(
          t('risk:form.duplicates', {
            count: answer.duplicates.length,
            values:
              answer.duplicates.slice(0, SHOWN_DUPLICATES).join(', ') +
              (answer.duplicates.length > SHOWN_DUPLICATES ? ' …' : ''),
          }),
        );
      onSaved();
    } catch (error) {
      const problems = error instanceof RequestError ? serverLineProblems(error.errors, lineNumbers) : [];
      if (problems.length > 0) form.setFields([{ name: 'values', errors: [linesText(t, problems)] }]);
      else applyFieldErrors(form, error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      open={open}
      title={t('risk:form.add')}
      okText={t('common:save')}
      cancelText={t('common:cancel')}
      confirmLoading={busy}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" name="riskBlock" initialValues={{ kind: 'user' }} onFinish={submit}>
        <Form.Item name="kind" label={t('risk:form.kind')}>
          <Radio.Group
            optionType="button"
            options={BLOCK_KINDS.map((value) => ({ value, label: t(`risk:kind.${value}`) }))}
          />
        </Form.Item>
        <Form.Item
          name="values"
          label={t('risk:form.values')}
          className="gc-risk-values"
          extra={t(`risk:form.valuesHelp.${kind}`, { max: BLOCK_VALUES_MAX })}
          dependencies={['kind']}
          rules={[
            {
              validator: (_rule, value: unknown) => {
                const problem = blockTextProblem(
                  form.getFieldValue('kind') as BlockKind,
                  typeof value === 'string' ? value : '',
                  normalizeLang(i18next.language),
                );
                if (!problem) return Promise.resolve();
                const text =
                  problem.kind === 'empty'
                    ? t('risk:form.valuesRequired')
                    : problem.kind === 'tooMany'
                      ? t('risk:form.tooManyLines', { max: problem.max })
                      : linesText(t, problem.problems);
                return Promise.reject(new Error(text));
              },
            },
          ]}
        >
          <Input.TextArea rows={6} spellCheck={false} autoFocus />
        </Form.Item>
        <Form.Item name="note" label={t('risk:form.note')} rules={[{ max: BLOCK_NOTE_MAX }, oneLineRule]}>
          <Input maxLength={BLOCK_NOTE_MAX} showCount placeholder={t('risk:form.notePlaceholder')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
