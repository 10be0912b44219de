// The wizard keystroke benchmark page (npm run bench:wizard): the lucky wheel's prize step with
// 20 prizes x 10 languages, either in this console's Wizard (?mode=ours) or in plain @rjsf/antd
// with liveValidate on the same schema (?mode=plain). bench/wizard.mjs types into a prize name
// and reads window.__bench for keystroke-to-paint times.
import { createRoot } from 'react-dom/client';
import { App } from 'antd';
import Form from '@rjsf/antd';
import type { UiSchema } from '@rjsf/utils';
import { SWRConfig } from 'swr';
import { AppProviders } from '../../src/web/app/AppProviders';
import { Wizard } from '../../src/web/features/campaignWizard/Wizard';
import { initI18n } from '../../src/web/i18n/initI18n';
import { engineValidator } from '../../src/web/schema-form/engineValidator';
import { loadFormLocales } from '../../src/web/schema-form/formLocales';
import { buildFormModel } from '../../src/web/schema-form/formModel';
import { entriesFromFiles } from '../../src/web/schema-form/registryEntries';
import { SessionProvider } from '../../src/web/session/SessionProvider';
import { benchConfig } from './benchConfig';
import { installProbe } from './probe';

const mode = new URLSearchParams(window.location.search).get('mode') === 'plain' ? 'plain' : 'ours';
const files = import.meta.glob('../../schemas/**/*.json', { eager: true, import: 'default' }) as Record<
  string,
  unknown
>;
const entries = entriesFromFiles(
  Object.fromEntries(Object.entries(files).map(([path, json]) => [path.replace('../../schemas/', ''), json])),
);
const entry = entries.find((e) => e.name === 'gameplay/lucky-wheel')!;
const config = benchConfig(entry);
const logic = entry.steps.find((s) => s.key === 'logic')!;

function PlainForm() {
  const strings = entry.locales['zh-CN'];
  // The same flat schema of the prize step, rendered by @rjsf/antd as it comes.
  const { schema } = buildFormModel({
    root: entry.schema,
    ui: {},
    strings,
    fields: logic.fields,
    enumLabel: (_p, v) => String(v),
  });
  const uiSchema: UiSchema = { 'ui:order': logic.fields, 'ui:submitButtonOptions': { norender: true } };
  return (
    <Form
      schema={schema}
      uiSchema={uiSchema}
      validator={engineValidator(entry.schema, 'zh-CN')}
      initialFormData={config}
      liveValidate
      showErrorList={false}
    />
  );
}

async function start() {
  await initI18n('zhCN');
  await loadFormLocales();
  installProbe();
  createRoot(document.getElementById('root')!).render(
    <SessionProvider>
      <AppProviders>
        <App>
          {/* No API behind this page: lists the pickers ask for stay empty. */}
          <SWRConfig
            value={{ fetcher: () => Promise.reject(new Error('offline')), shouldRetryOnError: false }}
          >
            <div style={{ padding: 24, background: '#fff' }}>
              {mode === 'ours' ? (
                <Wizard entry={entry} initialConfig={config} initialStep="logic" onFinish={() => {}} />
              ) : (
                <PlainForm />
              )}
            </div>
          </SWRConfig>
        </App>
      </AppProviders>
    </SessionProvider>,
  );
}

void start();
