import { Card, Col, Descriptions, Empty, Row, Tabs, Tag } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deptList, regionGetList } from '../../../shared/org/contracts';
import { api } from '../../app/api';
import { useLang } from '../../app/i18n';
import { orgNs } from './locales';
import { OrgTreePanel, type UnitKind } from './org-tree-panel';
import { deptToUnit, localName, regionToUnit, type OrgUnit } from './org-units';
import { PostsPanel } from './posts-panel';
import { useCanManage } from './use-can-manage';
import { useLoad } from '../../ui/use-load';

function UnitDetails({ kind, unit, units }: { kind: UnitKind; unit: OrgUnit | undefined; units: OrgUnit[] }) {
  const { t } = useTranslation(orgNs);
  const lang = useLang();
  if (!unit) {
    return (
      <Card size="small" title={t(`${kind}.details`)}>
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(`${kind}.pick`)} />
      </Card>
    );
  }
  const parent = units.find((u) => u.id === unit.parentId);
  const children = units.filter((u) => u.parentId === unit.id).length;
  return (
    <Card size="small" title={localName(lang, unit.name, unit.name_en)}>
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2 }}
        items={[
          { key: 'name', label: t(`${kind}.name`), children: unit.name },
          { key: 'name_en', label: t('common.nameEn'), children: unit.name_en || '—' },
          { key: 'code', label: t(`${kind}.code`), children: unit.code },
          {
            key: 'parent',
            label: t(`${kind}.parent`),
            children: parent ? localName(lang, parent.name, parent.name_en) : t(`${kind}.root`),
          },
          { key: 'children', label: t(`${kind}.childCount`), children },
          { key: 'sort', label: t('common.sort'), children: unit.sort },
        ]}
      />
    </Card>
  );
}

/** /orgnization/home: organisation structure of departments (with their posts) and regions. */
export function OrgHomePage() {
  const { t } = useTranslation(orgNs);
  const canManage = useCanManage();
  const [deptId, setDeptId] = useState<number>();
  const [regionId, setRegionId] = useState<number>();

  const loadDepts = useCallback((signal: AbortSignal) => api(deptList, {}, { signal }).then((list) => list.map(deptToUnit)), []);
  const loadRegions = useCallback(
    (signal: AbortSignal) => api(regionGetList, { isallregionid: 1 }, { signal }).then((list) => list.map(regionToUnit)),
    [],
  );
  const depts = useLoad(loadDepts);
  const regions = useLoad(loadRegions);

  const dept = useMemo(() => depts.data?.find((d) => d.id === deptId), [depts.data, deptId]);
  const region = useMemo(() => regions.data?.find((r) => r.id === regionId), [regions.data, regionId]);

  return (
    <Tabs
      defaultActiveKey="dept"
      tabBarExtraContent={canManage ? undefined : <Tag>{t('common.readOnly')}</Tag>}
      items={[
        {
          key: 'dept',
          label: t('home.deptTab'),
          children: (
            <Row gutter={[16, 16]}>
              <Col xs={24} lg={10} xl={9}>
                <OrgTreePanel
                  kind="dept"
                  units={depts.data}
                  loading={depts.loading}
                  canManage={canManage}
                  selectedId={deptId}
                  onSelect={setDeptId}
                  onChanged={depts.reload}
                />
              </Col>
              <Col xs={24} lg={14} xl={15}>
                <div style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
                  <UnitDetails kind="dept" unit={dept} units={depts.data ?? []} />
                  <PostsPanel dept={dept} depts={depts.data ?? []} canManage={canManage} />
                </div>
              </Col>
            </Row>
          ),
        },
        {
          key: 'region',
          label: t('home.regionTab'),
          children: (
            <Row gutter={[16, 16]}>
              <Col xs={24} lg={10} xl={9}>
                <OrgTreePanel
                  kind="region"
                  units={regions.data}
                  loading={regions.loading}
                  canManage={canManage}
                  selectedId={regionId}
                  onSelect={setRegionId}
                  onChanged={regions.reload}
                />
              </Col>
              <Col xs={24} lg={14} xl={15}>
                <UnitDetails kind="region" unit={region} units={regions.data ?? []} />
              </Col>
            </Row>
          ),
        },
      ]}
    />
  );
}
