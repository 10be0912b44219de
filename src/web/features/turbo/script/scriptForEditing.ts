/**
 * A saved script's config as the editor opens it: `developersConsulted` unticked (false, not left
 * out: the form would fill a missing `const: true` field in as its default), so whoever changes a
 * script ticks it again, having asked the site's developers.
 */
export function scriptForEditing(config: Record<string, unknown>): Record<string, unknown> {
  return { ...config, developersConsulted: false };
}
