import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Select, Space } from 'antd';
import { useCallback, useRef, useState } from 'react';
import { homeList, homeSave, type HomeAssignment } from '../../../shared/dashboards/wall-contracts';
import { renderMessage } from '../../../shared/messages/catalog';
import { builtInRoleCodes } from '../../../shared/module';
import { roleList } from '../../../shared/org/contracts';
import { api } from '../../app/api';
import { notify } from '../../app/feedback';
import { pick, useLang } from '../../app/i18n';
import { useSession } from '../../app/session-store';
import { useFillHeight } from '../../ui/use-fill-height';
import { useLoad } from '../../ui/use-load';
import { DashboardGrid } from './dashboard-grid';
import { useHomeKey } from './kiosk-page';
import { useDashboard, useDashboardList, useElementSize } from './use-dashboards';

/**
 * Every role an administrator may give a home: the roles of the store (built-in
 * and those defined at run time, named in the reader's language) for a reader
 * with org:read, else the built-in codes.
 */
function useRoleOptions(): { value: string; label: string }[] {
  const lang = useLang();
  const canRead = useSession((s) => s.user?.permissions.includes('org:read') ?? false);
  const load = useCallback((signal: AbortSignal) => (canRead ? api(roleList, {}, { signal, silent: true }) : Promise.resolve(null)), [canRead]);
  const roles = useLoad(load).data;
  return roles ? roles.map((r) => ({ value: r.rolecode, label: pick(lang, r.rolename, r.rolename_en || r.rolename) })) : builtInRoleCodes.map((c) => ({ value: c, label: c }));
}

/** Who may set the roles' homes: each role, in match order, and its dashboard. */
function HomeAssignments() {
  const lang = useLang();
  const list = useDashboardList();
  const roleOptions = useRoleOptions();
  const load = useCallback((signal: AbortSignal) => api(homeList, {}, { signal }), []);
  const saved = useLoad(load);
  const [rows, setRows] = useState<HomeAssignment[] | null>(null);
  const items = rows ?? saved.data?.items ?? [];
  const set = (i: number, patch: Partial<HomeAssignment>) => setRows(items.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const handleSave = async () => {
    const r = await api(homeSave, { items });
    setRows(r.items);
    notify(renderMessage(lang, 'dashboards.saved'));
  };
  return (
    <Card size="small" title={renderMessage(lang, 'dashboards.homeRoles')} extra={renderMessage(lang, 'dashboards.homeDefault')}>
      <Space direction="vertical" style={{ width: '100%' }}>
        {items.map((r, i) => (
          <Space key={i} wrap>
            <Select style={{ width: 160 }} value={r.role} options={roleOptions} onChange={(role: string) => set(i, { role })} data-testid={`home-role-${i}`} />
            <Select
              style={{ width: 220 }}
              value={r.key}
              options={list.items.map((d) => ({ value: d.key, label: pick(lang, d.name.zh, d.name.en) }))}
              onChange={(key: string) => set(i, { key })}
              data-testid={`home-key-${i}`}
            />
            <Button icon={<DeleteOutlined />} onClick={() => setRows(items.filter((_, j) => j !== i))} aria-label={renderMessage(lang, 'dashboards.remove')} />
          </Space>
        ))}
        <Space>
          <Button icon={<PlusOutlined />} onClick={() => setRows([...items, { role: 'operator', key: list.items[0]?.key ?? 'safety-overview' }])} data-testid="home-add">
            {renderMessage(lang, 'dashboards.add')}
          </Button>
          <Button type="primary" onClick={() => void handleSave()} data-testid="home-save">
            {renderMessage(lang, 'dashboards.save')}
          </Button>
        </Space>
      </Space>
    </Card>
  );
}

/** /Gateway/HomePage: the home page is a dashboard (issue 22 §3), the caller's role's or the default; an editor also sets each role's. */
export function HomeDashboardPage() {
  const key = useHomeKey();
  const item = useDashboard(key);
  const canEdit = useSession((s) => s.user?.permissions.includes('dashboard:edit') ?? false);
  const boxRef = useRef<HTMLDivElement>(null);
  const height = useFillHeight(boxRef, 16, 320);
  const { width } = useElementSize(boxRef);
  return (
    <Space direction="vertical" size={8} style={{ width: '100%' }}>
      {canEdit && <HomeAssignments />}
      <div ref={boxRef} style={{ width: '100%', height }} data-testid="home-dashboard" data-key={key ?? ''}>
        {item && width > 0 && <DashboardGrid def={item.definition} width={width} height={height} />}
      </div>
    </Space>
  );
}
