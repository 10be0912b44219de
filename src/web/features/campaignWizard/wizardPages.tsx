// The wizard's pages in one lazily loaded module (RJSF, the engine, dnd-kit), each bound to its
// area: the router's entry holds only pages.ts.
import { CampaignCreatePage } from './CampaignCreatePage';
import { CampaignTemplatePage } from './CampaignTemplatePage';
import { CampaignTypePage } from './CampaignTypePage';

export { SubActivityCreatePage } from './SubActivityCreatePage';

export const GrowthTypePage = () => <CampaignTypePage area="growth" />;
export const GrowthTemplatePage = () => <CampaignTemplatePage area="growth" />;
export const GrowthCreatePage = () => <CampaignCreatePage area="growth" />;
export const AdsTypePage = () => <CampaignTypePage area="ads" />;
export const AdsTemplatePage = () => <CampaignTemplatePage area="ads" />;
export const AdsCreatePage = () => <CampaignCreatePage area="ads" />;
