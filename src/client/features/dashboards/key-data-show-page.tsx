import { DesktopOutlined, EditOutlined, PlaySquareOutlined } from '@ant-design/icons';
import { Button, Select, Space } from 'antd';
import { useRef } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router-dom';
import { renderMessage } from '../../../shared/messages/catalog';
import { pick, useLang } from '../../app/i18n';
import { useSession } from '../../app/session-store';
import { useFillHeight } from '../../ui/use-fill-height';
import { DashboardGrid } from './dashboard-grid';
import { useDashboard, useDashboardList, useElementSize } from './use-dashboards';

/** The dashboard `/KeyDataShow` shows out of the box. */
export const DEFAULT_DASHBOARD = 'safety-overview';
/** Seconds each dashboard of a playlist stays on screen unless the link says otherwise. */
export const DEFAULT_DWELL_S = 30;

/**
 * /KeyDataShow: a big-screen dashboard inside the portal (the safety
 * overview by default), with links to the same dashboard in kiosk, the
 * playlist of every dashboard and the editor. `?kiosk=1` opens the kiosk.
 */
export function KeyDataShowPage() {
  const lang = useLang();
  const [params, setParams] = useSearchParams();
  const key = params.get('key') ?? DEFAULT_DASHBOARD;
  const list = useDashboardList();
  const item = useDashboard(key);
  const canEdit = useSession((s) => s.user?.permissions.includes('dashboard:edit') ?? false);
  const boxRef = useRef<HTMLDivElement>(null);
  const height = useFillHeight(boxRef, 16, 320);
  const { width } = useElementSize(boxRef);
  if (params.get('kiosk')) {
    return <Navigate to={`/visualDisplay?dashboard=${encodeURIComponent(key)}`} replace />;
  }
  const playlist = `/visualDisplay?playlist=${list.items.map((d) => encodeURIComponent(d.key)).join(',')}&dwell=${DEFAULT_DWELL_S}`;
  return (
    <Space direction="vertical" size={8} style={{ width: '100%' }}>
      <Space wrap>
        <Select
          style={{ minWidth: 200 }}
          value={key}
          aria-label={renderMessage(lang, 'dashboards.choose')}
          data-testid="dashboard-select"
          options={list.items.map((d) => ({ value: d.key, label: pick(lang, d.name.zh, d.name.en) }))}
          onChange={(k: string) => setParams({ key: k })}
        />
        <Link to={`/visualDisplay?dashboard=${encodeURIComponent(key)}`} target="_blank">
          <Button icon={<DesktopOutlined />}>{renderMessage(lang, 'dashboards.kiosk')}</Button>
        </Link>
        <Link to={playlist} target="_blank">
          <Button icon={<PlaySquareOutlined />}>{renderMessage(lang, 'dashboards.playlist')}</Button>
        </Link>
        {canEdit && (
          <Link to={`/RedashConfig/MajorHazardVisualConfig?key=${encodeURIComponent(key)}`}>
            <Button icon={<EditOutlined />}>{renderMessage(lang, 'dashboards.edit')}</Button>
          </Link>
        )}
      </Space>
      <div ref={boxRef} style={{ width: '100%', height }}>
        {item && width > 0 && <DashboardGrid def={item.definition} width={width} height={height} />}
      </div>
    </Space>
  );
}
