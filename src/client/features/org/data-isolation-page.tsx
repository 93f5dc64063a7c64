import { Alert, Button, Card, Col, Empty, Input, Modal, Row, Space, Spin, Switch, Table, Tag, Tree, Typography, message } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useCallback, useMemo, useState, type Key } from 'react';
import { useTranslation } from 'react-i18next';
import { accountGetList, deptList, regionGetList, userScopeGet, userScopeSave, type AccountItem } from '../../../shared/org/contracts';
import { api } from '../../app/api';
import { pick as pickLang, useLang } from '../../app/i18n';
import { orgNs } from './locales';
import { deptToUnit, keysToDepth, regionToUnit, topMostChecked, unitTree, type OrgUnit, type UnitNode } from './org-units';
import { useCanManage } from './use-can-manage';
import { useLoad } from '../../ui/use-load';

interface ScopeDraft {
  userid: number;
  isolation_all: number;
  deptids: Key[];
  regionids: Key[];
}

const USER_PAGE_SIZE = 10;

function ScopeTree({
  units,
  checked,
  disabled,
  onChange,
}: {
  units: OrgUnit[];
  checked: Key[];
  disabled: boolean;
  onChange: (keys: Key[]) => void;
}) {
  const lang = useLang();
  const tree = useMemo(() => unitTree(units, lang), [units, lang]);
  if (!tree.length) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  }
  return (
    <Tree<UnitNode>
      checkable
      selectable={false}
      disabled={disabled}
      treeData={tree}
      defaultExpandedKeys={keysToDepth(tree, 2)}
      checkedKeys={checked}
      onCheck={(keys) => onChange(Array.isArray(keys) ? keys : keys.checked)}
      style={{ maxHeight: 420, overflow: 'auto' }}
    />
  );
}

/** /orgnization/data-isolation: which departments and regions a user's lists include. */
export function DataIsolationPage() {
  const { t } = useTranslation(orgNs);
  const lang = useLang();
  const canManage = useCanManage();
  const [messageApi, messageHolder] = message.useMessage();
  const [modal, modalHolder] = Modal.useModal();
  const [query, setQuery] = useState<{ page: number; keyword?: string }>({ page: 1 });
  const [user, setUser] = useState<AccountItem>();
  const [draft, setDraft] = useState<ScopeDraft>();
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);

  const loadUsers = useCallback(
    (signal: AbortSignal) => api(accountGetList, { page: query.page, pageSize: USER_PAGE_SIZE, keyword: query.keyword }, { signal }),
    [query],
  );
  const loadDepts = useCallback((signal: AbortSignal) => api(deptList, {}, { signal }).then((l) => l.map(deptToUnit)), []);
  const loadRegions = useCallback(
    (signal: AbortSignal) => api(regionGetList, { isallregionid: 1 }, { signal }).then((l) => l.map(regionToUnit)),
    [],
  );
  const userid = user?.userid;
  const loadScope = useCallback(
    (signal: AbortSignal) => (userid ? api(userScopeGet, { userid }, { signal }) : Promise.resolve(undefined)),
    [userid],
  );
  const users = useLoad(loadUsers);
  const depts = useLoad(loadDepts);
  const regions = useLoad(loadRegions);
  const scope = useLoad(loadScope);

  // The draft follows the loaded scope until the user changes something.
  const loaded = scope.data && scope.data.userid === userid ? scope.data : undefined;
  const current: ScopeDraft | undefined = draft && draft.userid === userid ? draft : loaded;

  const update = (patch: Partial<ScopeDraft>) => {
    if (current) {
      setDraft({ ...current, ...patch });
      setDirty(true);
    }
  };

  const pickUser = (u: AccountItem) => {
    if (u.userid === userid) {
      return;
    }
    const pick = () => {
      setUser(u);
      setDraft(undefined);
      setDirty(false);
    };
    if (dirty) {
      void modal.confirm({ title: t('scope.discardTitle'), content: t('scope.discard'), onOk: pick });
    } else {
      pick();
    }
  };

  const handleSave = async () => {
    if (!current || saving) {
      return;
    }
    setSaving(true);
    try {
      const all = current.isolation_all === 1;
      const saved = await api(userScopeSave, {
        userid: current.userid,
        isolation_all: current.isolation_all,
        // A checked unit includes everything below it, so only the top-most ones are stored.
        deptids: all ? [] : topMostChecked(depts.data ?? [], current.deptids.map(Number)),
        regionids: all ? [] : topMostChecked(regions.data ?? [], current.regionids.map(Number)),
      });
      setDraft(saved);
      setDirty(false);
      void messageApi.success(t('common.saved'));
    } catch {
      // The API client has shown the reason.
    } finally {
      setSaving(false);
    }
  };

  const columns: ColumnsType<AccountItem> = [
    {
      title: t('user.username'),
      key: 'user',
      render: (_, u) => (
        <div>
          <div>
            {u.username}
            {u.enabled !== 1 && (
              <Tag style={{ marginLeft: 8 }} variant="filled">
                {t('user.disabled')}
              </Tag>
            )}
          </div>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {u.loginname}
          </Typography.Text>
        </div>
      ),
    },
    { title: t('user.dept'), dataIndex: 'deptname', key: 'dept', ellipsis: true, render: (name: string, u) => pickLang(lang, name, u.deptname_en || name) },
  ];

  const readOnly = !canManage;
  const all = current?.isolation_all === 1;

  return (
    <Row gutter={[16, 16]}>
      {messageHolder}
      {modalHolder}
      <Col xs={24} lg={9} xl={8}>
        <Card size="small" title={t('scope.users')} extra={readOnly && <Tag>{t('common.readOnly')}</Tag>}>
          <Input.Search
            allowClear
            placeholder={t('user.searchPlaceholder')}
            style={{ marginBottom: 8 }}
            onSearch={(keyword) => setQuery({ page: 1, keyword: keyword.trim() || undefined })}
          />
          <Table<AccountItem>
            rowKey="userid"
            size="small"
            columns={columns}
            dataSource={users.data?.items ?? []}
            loading={users.loading}
            rowSelection={{ type: 'radio', selectedRowKeys: userid ? [userid] : [], onChange: (_k, rows) => rows[0] && pickUser(rows[0]) }}
            onRow={(u) => ({ onClick: () => pickUser(u), style: { cursor: 'pointer' } })}
            locale={{
              emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={query.keyword ? t('common.noMatch') : t('user.empty')} />,
            }}
            pagination={{
              current: query.page,
              pageSize: USER_PAGE_SIZE,
              total: users.data?.total ?? 0,
              size: 'small',
              showSizeChanger: false,
              onChange: (page) => setQuery((q) => ({ ...q, page })),
            }}
          />
        </Card>
      </Col>
      <Col xs={24} lg={15} xl={16}>
        <Card
          size="small"
          title={user ? t('scope.titleOf', { name: user.username }) : t('scope.title')}
          extra={
            canManage &&
            current && (
              <Space>
                {dirty && <Typography.Text type="warning">{t('common.unsaved')}</Typography.Text>}
                <Button type="primary" size="small" loading={saving} disabled={!dirty} onClick={handleSave}>
                  {t('common.save')}
                </Button>
              </Space>
            )
          }
        >
          {!user ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('scope.pickUser')} />
          ) : !current ? (
            <Spin spinning={scope.loading}>
              <div style={{ minHeight: 200 }} />
            </Spin>
          ) : (
            <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
              <Space>
                <Switch checked={all} disabled={readOnly} onChange={(on) => update({ isolation_all: on ? 1 : 0 })} />
                <span>{t('scope.all')}</span>
              </Space>
              <Alert type="info" showIcon title={all ? t('scope.allHint') : t('scope.treeHint')} />
              <Row gutter={16}>
                <Col xs={24} md={12}>
                  <Card size="small" type="inner" title={t('scope.depts')}>
                    <Spin spinning={depts.loading && !depts.data}>
                      <ScopeTree
                        units={depts.data ?? []}
                        checked={all ? [] : current.deptids}
                        disabled={all || readOnly}
                        onChange={(deptids) => update({ deptids })}
                      />
                    </Spin>
                  </Card>
                </Col>
                <Col xs={24} md={12}>
                  <Card size="small" type="inner" title={t('scope.regions')}>
                    <Spin spinning={regions.loading && !regions.data}>
                      <ScopeTree
                        units={regions.data ?? []}
                        checked={all ? [] : current.regionids}
                        disabled={all || readOnly}
                        onChange={(regionids) => update({ regionids })}
                      />
                    </Spin>
                  </Card>
                </Col>
              </Row>
            </Space>
          )}
        </Card>
      </Col>
    </Row>
  );
}
