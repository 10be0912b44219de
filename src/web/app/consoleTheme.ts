import type { ThemeConfig } from 'antd';

/**
 * The console's antd theme around the chosen primary colour; `motion: false` turns antd's
 * animations off (for visitors whose system asks for reduced motion).
 */
export function consoleTheme(primary: string, motion = true): ThemeConfig {
  return {
    token: {
      motion,
      colorPrimary: primary,
      colorInfo: primary,
      colorLink: primary,
      borderRadius: 8,
      colorBgLayout: '#f4f5fa',
      fontFamily:
        "-apple-system, BlinkMacSystemFont, 'Segoe UI', 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', Roboto, 'Helvetica Neue', Arial, sans-serif",
    },
    components: {
      Layout: { headerBg: '#ffffff', siderBg: '#ffffff', headerHeight: 64, headerPadding: '0 24px' },
      Menu: { itemBorderRadius: 8, itemMarginInline: 12, subMenuItemBorderRadius: 8, groupTitleFontSize: 12 },
      Card: { borderRadiusLG: 12 },
      Button: { fontWeight: 500 },
    },
  };
}
