import { useEffect, useState } from 'react';
import { Form, Input, Modal, Select, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { applyFieldErrors } from '../../api/applyFieldErrors';
import { useSession } from '../../session/useSession';
import { NewPasswordFields } from '../accounts/NewPasswordFields';
import type { Project } from '../projects/projectTypes';
import {
  assignableRoles,
  grantsToSend,
  MEMBER_NAME_MAX,
  type Member,
  type ProjectGrant,
  type Role,
} from './memberTypes';
import { ProjectGrantsInput } from './ProjectGrantsInput';
import { oneLineRule } from '../../app/oneLineRule';

interface MemberForm {
  name: string;
  email: string;
  role: Role;
  password: string;
  confirmPassword: string;
  projects: ProjectGrant[];
}

interface Props {
  open: boolean;
  /** Undefined to add a member. */
  member?: Member;
  projects: Project[];
  onClose(): void;
  onSaved(): void;
}

/**
 * Saving the member form: a new member is created with its initial password, an edit sends the
 * name, role and grants; the grants are those the role keeps. Server field errors land under their
 * fields.
 */
function useMemberSave(form: FormInstance<MemberForm>, member: Member | undefined, onSaved: () => void) {
  const { client } = useSession();
  const [busy, setBusy] = useState(false);

  async function submit(values: MemberForm) {
    const grants = grantsToSend(values.role, values.projects ?? []);
    setBusy(true);
    try {
      if (member) {
        await client.put(`/api/members/${encodeURIComponent(member.id)}`, {
          name: values.name,
          role: values.role,
          projects: grants,
        });
      } else {
        await client.post('/api/members', { ...values, projects: grants });
      }
      onSaved();
    } catch (error) {
      applyFieldErrors(form, error);
    } finally {
      setBusy(false);
    }
  }

  return { busy, submit };
}

/** Add a member (name, e-mail, role, initial password, project grants) or edit one. */
export function MemberFormModal({ open, member, projects, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const { user } = useSession();
  const [form] = Form.useForm<MemberForm>();
  const { busy, submit } = useMemberSave(form, member, onSaved);
  const role = Form.useWatch('role', form) ?? member?.role ?? 'operator';
  const roles = assignableRoles(user?.role ?? 'viewer');

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (member)
      form.setFieldsValue({
        name: member.name,
        email: member.email,
        role: member.role,
        projects: member.projects,
      });
  }, [open, member, form]);

  return (
    <Modal
      open={open}
      title={t(member ? 'members:edit.title' : 'members:add.title')}
      okText={t('common:save')}
      cancelText={t('common:cancel')}
      confirmLoading={busy}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      width={560}
    >
      <Form<MemberForm>
        name="member"
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={{ role: 'operator', projects: [] }}
      >
        <Form.Item
          name="name"
          label={t('members:field.name')}
          rules={[{ required: true, whitespace: true }, { max: MEMBER_NAME_MAX }, oneLineRule]}
        >
          <Input maxLength={MEMBER_NAME_MAX} showCount />
        </Form.Item>
        <Form.Item
          name="email"
          label={t('members:field.email')}
          rules={[{ required: true }, { type: 'email' }, { max: 254 }]}
        >
          <Input disabled={Boolean(member)} autoComplete="off" />
        </Form.Item>
        <Form.Item name="role" label={t('members:field.role')} rules={[{ required: true }]}>
          <Select
            options={roles.map((value) => ({ value, label: t(`common:role.${value}`) }))}
            disabled={member?.role === 'owner'}
          />
        </Form.Item>
        {!member && (
          <>
            <NewPasswordFields
              labelKey="members:field.password"
              confirmLabelKey="members:field.confirmPassword"
            />
          </>
        )}
        <Form.Item name="projects" label={t('members:field.projects')}>
          <ProjectGrantsInput projects={projects} role={role} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
