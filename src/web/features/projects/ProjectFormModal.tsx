import { useEffect, useMemo, useState } from 'react';
import { Checkbox, Form, Input, Modal, Select, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { applyFieldErrors } from '../../api/applyFieldErrors';
import { useSession } from '../../session/useSession';
import { isTimeZone } from '../../../engine/rules/timeZone';
import { validationMessage } from '../../../engine/validation/localizeErrors';
import { newProjectTimeZone, timeZoneOptions } from './projectTimeZone';
import {
  allPlatforms,
  DOMAIN_PREFIX_MAX,
  DOMAIN_PREFIX_PATTERN,
  PROJECT_NAME_MAX,
  type Platform,
  type Project,
} from './projectTypes';
import { oneLineRule } from '../../app/oneLineRule';

interface ProjectForm {
  name: string;
  domainPrefix: string;
  platforms: Platform[];
  timezone: string;
}

interface Props {
  open: boolean;
  /** Undefined to create a project. */
  project?: Project;
  onClose(): void;
  onSaved(project: Project | undefined): void;
}

/** Saving the project form: a new project is created, an edit sends its name, prefix and time zone. */
function useProjectSave(
  form: FormInstance<ProjectForm>,
  project: Project | undefined,
  onSaved: Props['onSaved'],
) {
  const { client } = useSession();
  const [busy, setBusy] = useState(false);

  async function submit(values: ProjectForm) {
    setBusy(true);
    try {
      const saved = project
        ? await client.put<Project>(`/api/projects/${encodeURIComponent(project.id)}`, {
            name: values.name,
            domainPrefix: values.domainPrefix,
            timezone: values.timezone,
          })
        : await client.post<Project>('/api/projects', values);
      onSaved(saved);
    } catch (error) {
      applyFieldErrors(form, error);
    } finally {
      setBusy(false);
    }
  }

  return { busy, submit };
}

interface TimeZoneItemProps {
  form: FormInstance<ProjectForm>;
  /** The project edited; undefined for a new one. */
  project?: Project;
  zones: ReturnType<typeof timeZoneOptions>;
}

/** The project's time zone, searchable; an edit that changes it says what a change affects. */
function TimeZoneItem({ form, project, zones }: TimeZoneItemProps) {
  const { t } = useTranslation();
  const { lng } = useSession();
  const zone = Form.useWatch('timezone', form);
  // The server's own text for a zone it would refuse (validation.json).
  const zoneMessage = validationMessage('timeZone', lng === 'zhCN' ? 'zh-CN' : 'en-US');
  return (
    <Form.Item
      name="timezone"
      label={t('projects:field.timezone')}
      extra={
        project && zone && zone !== project.timezone
          ? t('projects:field.timezoneChange')
          : t('projects:field.timezoneHelp')
      }
      rules={[
        { required: true, message: zoneMessage },
        {
          validator: async (_rule, value: unknown) => {
            if (value !== undefined && value !== '' && !isTimeZone(value)) throw new Error(zoneMessage);
          },
        },
      ]}
    >
      <Select
        showSearch={{ optionFilterProp: 'label' }}
        options={zones}
        aria-label={t('projects:field.timezone')}
        data-testid="project-timezone"
      />
    </Form.Item>
  );
}

/**
 * Create a project (name, domain prefix, platforms, time zone) or edit its name, prefix and time
 * zone. A new project's zone is GMT+08:00 in the Chinese console, else the browser's.
 */
export function ProjectFormModal({ open, project, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const { lng } = useSession();
  const [form] = Form.useForm<ProjectForm>();
  const { busy, submit } = useProjectSave(form, project, onSaved);
  const zones = useMemo(() => (open ? timeZoneOptions(project?.timezone) : []), [open, project]);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (project)
      form.setFieldsValue({
        name: project.name,
        domainPrefix: project.domainPrefix,
        timezone: project.timezone,
      });
    else form.setFieldsValue({ timezone: newProjectTimeZone(lng) });
  }, [open, project, form, lng]);

  return (
    <Modal
      open={open}
      title={t(project ? 'projects:edit.title' : 'projects:create.title')}
      okText={t('common:save')}
      cancelText={t('common:cancel')}
      confirmLoading={busy}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<ProjectForm>
        name="project"
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={{ platforms: allPlatforms }}
      >
        <Form.Item
          name="name"
          label={t('projects:field.name')}
          rules={[{ required: true, whitespace: true }, { max: PROJECT_NAME_MAX }, oneLineRule]}
        >
          <Input maxLength={PROJECT_NAME_MAX} showCount />
        </Form.Item>
        <Form.Item
          name="domainPrefix"
          label={t('projects:field.domainPrefix')}
          extra={t('projects:field.domainPrefixHelp')}
          rules={[
            { required: true },
            { max: DOMAIN_PREFIX_MAX },
            { pattern: DOMAIN_PREFIX_PATTERN, message: t('projects:rule.domainPrefix') },
          ]}
        >
          <Input maxLength={DOMAIN_PREFIX_MAX} showCount />
        </Form.Item>
        <TimeZoneItem form={form} project={project} zones={zones} />
        {!project && (
          <Form.Item
            name="platforms"
            label={t('projects:field.platforms')}
            rules={[{ required: true, type: 'array', min: 1, message: t('projects:rule.platformRequired') }]}
          >
            <Checkbox.Group
              options={allPlatforms.map((value) => ({ value, label: t(`projects:platform.${value}`) }))}
            />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
