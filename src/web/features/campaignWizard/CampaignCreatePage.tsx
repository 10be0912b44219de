import { useParams, useSearchParams } from 'react-router-dom';
import { CreateFlow } from './CreateFlow';
import { areaRoutes, wizardPath, type WizardArea } from './wizardPaths';
import './wizard.css';

/**
 * createActivity/:mark/:templateMark (and adsCampaignCreate): the wizard for a new campaign, or
 * for editing one with `?id=<campaignId>`; `?draft=<id>` resumes a draft, `?goal=` presets the goal.
 */
export function CampaignCreatePage({ area }: { area: WizardArea }) {
  const { projectId = '', mark = '', templateMark = '' } = useParams();
  const [search] = useSearchParams();
  const routes = areaRoutes[area];
  const campaignId = search.get('id') ?? undefined;
  const goal = search.get('goal') ?? undefined;
  return (
    <CreateFlow
      key={`${mark}/${templateMark}/${campaignId ?? ''}`}
      area={area}
      kind="gameplay"
      mark={mark}
      templateMark={templateMark}
      campaignId={campaignId}
      draftId={search.get('draft') ?? undefined}
      goal={goal}
      listPath={wizardPath(routes.list, projectId)}
      choosePath={wizardPath(routes.type, projectId, {}, { goal })}
    />
  );
}
