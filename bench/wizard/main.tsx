// The wizard benchmark page (npm run bench:wizard): the lucky wheel's prize step with 20 prizes x
// 10 languages, in this console's Wizard (?mode=ours), or in plain @rjsf/antd on the same schema
// with the same inputs, live validated on every change (?mode=plain, `liveValidate: 'onChange'`)
// or when a field is left (?mode=onblur, `liveValidate: 'onBlur'`, RJSF's own setting for large
// forms); ?mode=floor is a bare input alone on the page (the probe's floor). bench/wizard.mjs
// types into a prize name, leaves it with Tab, and reads window.__bench for key-to-paint and
// key-to-error-visible times.
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

const modes = ['ours', 'plain', 'onblur', 'floor'] as const;
const asked = new URLSearchParams(window.location.search).get('mode');
const mode = modes.find((m) => m === asked) ?? 'ours';
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

function PlainForm({ liveValidate }: { liveValidate: 'onChange' | 'onBlur' }) {
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
      liveValidate={liveValidate}
      showErrorList={false}
    />
  );
}

async function start() {
  installProbe();
  if (mode === 'floor') {
    // The measurement's floor: one bare input on an otherwise empty page, the same probe.
    createRoot(document.getElementById('root')!).render(<input id="floor" aria-label="floor" />);
    return;
  }
  await initI18n('zhCN');
  await loadFormLocales();
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
                <PlainForm liveValidate={mode === 'onblur' ? 'onBlur' : 'onChange'} />
              )}
            </div>
          </SWRConfig>
        </App>
      </AppProviders>
    </SessionProvider>,
  );
}

void start();
