import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../session/useSession';
import { useOptions } from '../../links/useOptions';
import { TurboListFrame } from '../TurboListFrame';
import { scriptConfigPath } from '../turboPaths';
import type { TurboScriptRow } from '../turboTypes';
import { scriptColumns } from './scriptColumns';
import { ScriptSnippet } from './ScriptSnippet';

/**
 * Turbo Script (turboScript): the project's link-rewriting scripts with the template whose links
 * they rewrite (or every link) and their status; search by name, filter by status; new, edit,
 * embed code, go online / take offline and delete, each write confirmed first.
 */
export function TurboScriptListPage() {
  const { t } = useTranslation();
  const { projectId } = useSession();
  const templates = useOptions('/api/link-templates');
  const templateNames = useMemo(
    () => new Map(templates.items.map((item) => [item.id, item.name])),
    [templates.items],
  );
  return (
    <TurboListFrame<TurboScriptRow>
      kind="script"
      title={t('menu:page.turboScript')}
      description={t('turbo:script.description')}
      createLabel={t('turbo:script.create')}
      own={scriptColumns({ t, templateNames })}
      actionsWidth={[260, 140]}
      scrollX={1000}
      configPath={(id) => scriptConfigPath(projectId, id)}
      embedTitle={(row) => t('turbo:snippet.scriptTitle', { name: row?.name ?? '' })}
      snippet={(row) => <ScriptSnippet scriptId={row.id} online={row.status === 'online'} />}
    />
  );
}
