import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Checkbox, Col, Empty, Form, Input, Popconfirm, Row, Space, Spin, Table, Tag, Tree, Typography, message } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import type { ColumnsType } from 'antd/es/table';
import { useCallback, useMemo, useState, type Key } from 'react';
import { useTranslation } from 'react-i18next';
import { permissionCodes, permissions as permissionLabels, type PermissionCode } from '../../../shared/modules';
import { roleDelete, roleList, roleSave, roleWebMenuGetList, type MenuItem, type RoleItem } from '../../../shared/org/contracts';
import { flattenTree } from '../../../shared/tree';
import { api } from '../../app/api';
import { useLang, type Lang } from '../../app/i18n';
import { isValidationError, showSaveError, zodRule } from '../../ui/form-rules';
import { orgNs } from './locales';
import { localName } from './org-units';
import { useCanManage } from './use-can-manage';
import { useLoad } from '../../ui/use-load';

interface RoleForm {
  rolecode: string;
  rolename: string;
  rolename_en?: string;
  description?: string;
  permissions: PermissionCode[];
}
const roleFields: (keyof RoleForm)[] = ['rolecode', 'rolename', 'rolename_en', 'description', 'permissions'];

interface MenuNode {
  key: number;
  title: string;
  children: MenuNode[];
}

function menuNodes(menus: readonly MenuItem[], lang: Lang): MenuNode[] {
  return menus.map((m) => ({ key: m.menuid, title: localName(lang, m.name, m.name_en), children: menuNodes(m.childs, lang) }));
}

const isPermissionCode = (p: string): p is PermissionCode => (permissionCodes as readonly string[]).includes(p);

interface RoleEditorProps {
  /** undefined: a new role. */
  role: RoleItem | undefined;
  menus: MenuItem[] | undefined;
  menusLoading: boolean;
  canManage: boolean;
  messageApi: MessageInstance;
  onSaved: (role: RoleItem) => void;
  onDeleted: () => void;
}

/** Names, permissions and menus of one role. Mounted once per role (keyed), so each gets a fresh form. */
function RoleEditor({ role, menus, menusLoading, canManage, messageApi, onSaved, onDeleted }: RoleEditorProps) {
  const { t } = useTranslation(orgNs);
  const lang = useLang();
  const [form] = Form.useForm<RoleForm>();
  const [saving, setSaving] = useState(false);

  const menuTree = useMemo(() => menuNodes(menus ?? [], lang), [menus, lang]);
  const all = useMemo(() => flattenTree(menus ?? [], 'childs'), [menus]);
  const parentOf = useMemo(() => {
    const map = new Map<number, number>();
    all.forEach((m) => m.childs.forEach((c) => map.set(c.menuid, m.menuid)));
    return map;
  }, [all]);
  // Only leaves are ticked from the role: the tree derives each directory's state from its
  // children (ticking a directory would tick every page under it).
  const [checked, setChecked] = useState<Key[] | null>(null);
  const initialChecked = useMemo(() => {
    const leaves = new Set(all.filter((m) => m.childs.length === 0).map((m) => m.menuid));
    return (role?.menuids ?? []).filter((id) => leaves.has(id));
  }, [all, role]);
  const checkedKeys = checked ?? initialChecked;

  const rules = useMemo(() => {
    const shape = roleSave.input.shape;
    return {
      rolecode: zodRule(shape.rolecode, lang),
      rolename: zodRule(shape.rolename, lang),
      rolename_en: zodRule(shape.rolename_en, lang),
      description: zodRule(shape.description, lang),
    };
  }, [lang]);

  const handleSave = async () => {
    if (saving) {
      return;
    }
    try {
      const v = await form.validateFields();
      setSaving(true);
      // A page shows in the menu only with its directories, so every ancestor of a ticked page is granted too.
      const menuids = new Set<number>();
      for (const key of checkedKeys) {
        for (let id: number | undefined = Number(key); id !== undefined && !menuids.has(id); id = parentOf.get(id)) {
          menuids.add(id);
        }
      }
      const saved = await api(
        roleSave,
        {
          roleid: role?.roleid,
          rolecode: role ? role.rolecode : v.rolecode,
          rolename: v.rolename,
          rolename_en: v.rolename_en ?? '',
          description: v.description ?? '',
          permissions: v.permissions,
          menuids: [...menuids],
        },
        { silent: true },
      );
      void messageApi.success(t('common.saved'));
      onSaved(saved);
    } catch (err) {
      if (!isValidationError(err)) {
        showSaveError(err, { form, fields: roleFields, message: messageApi, lang });
      }
    } finally {
      setSaving(false);
    }
  };

  const handleDelete = async () => {
    if (!role) {
      return;
    }
    try {
      await api(roleDelete, { roleid: role.roleid });
      void messageApi.success(t('common.deleted'));
      onDeleted();
    } catch {
      // The API client has shown the reason.
    }
  };

  return (
    <Card
      size="small"
      title={role ? localName(lang, role.rolename, role.rolename_en) : t('role.createTitle')}
      extra={
        canManage && (
          <Space>
            {role && (
              <Popconfirm
                title={t('common.confirmDelete', { name: localName(lang, role.rolename, role.rolename_en) })}
                description={t('role.deleteHint')}
                okButtonProps={{ danger: true }}
                onConfirm={handleDelete}
              >
                <Button danger size="small" icon={<DeleteOutlined />}>
                  {t('common.delete')}
                </Button>
              </Popconfirm>
            )}
            <Button type="primary" size="small" loading={saving} onClick={handleSave}>
              {t('common.save')}
            </Button>
          </Space>
        )
      }
    >
      <Form<RoleForm>
        form={form}
        layout="vertical"
        disabled={!canManage}
        initialValues={
          role
            ? {
                rolecode: role.rolecode,
                rolename: role.rolename,
                rolename_en: role.rolename_en,
                description: role.description,
                permissions: role.permissions.filter(isPermissionCode),
              }
            : { permissions: [] }
        }
      >
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item
              name="rolecode"
              label={t('role.code')}
              extra={role ? t('role.codeFixed') : t('common.codeHint')}
              rules={[{ required: true, whitespace: true, message: t('common.pleaseEnter', { field: t('role.code') }) }, rules.rolecode]}
            >
              {/* Built-in roles are found by code at every start, so a code never changes. */}
              <Input maxLength={64} disabled={Boolean(role)} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item
              name="rolename"
              label={t('role.name')}
              rules={[{ required: true, whitespace: true, message: t('common.pleaseEnter', { field: t('role.name') }) }, rules.rolename]}
            >
              <Input maxLength={100} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="rolename_en" label={t('common.nameEn')} rules={[rules.rolename_en]}>
              <Input maxLength={100} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="description" label={t('role.description')} rules={[rules.description]}>
          <Input.TextArea maxLength={500} autoSize={{ minRows: 2, maxRows: 4 }} />
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="permissions" label={t('role.permissions')}>
              <Checkbox.Group style={{ display: 'flex', flexDirection: 'column', gap: 10 }}>
                {permissionCodes.map((code) => {
                  const label = permissionLabels[code];
                  return (
                    <Checkbox key={code} value={code}>
                      <div>{lang === 'en' ? label.en : label.zh}</div>
                      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                        {lang === 'en' ? label.zh : label.en} · <code>{code}</code>
                      </Typography.Text>
                    </Checkbox>
                  );
                })}
              </Checkbox.Group>
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label={t('role.menus')} extra={t('role.menusHint')}>
              <Spin spinning={menusLoading && !menus}>
                {menuTree.length ? (
                  <Tree<MenuNode>
                    checkable
                    selectable={false}
                    defaultExpandAll
                    disabled={!canManage}
                    treeData={menuTree}
                    checkedKeys={checkedKeys}
                    onCheck={(keys) => setChecked(Array.isArray(keys) ? keys : keys.checked)}
                  />
                ) : (
                  !menusLoading && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('role.noMenus')} />
                )}
              </Spin>
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Card>
  );
}

/** `'new'`: a new role is being written. */
type Selection = number | 'new' | undefined;

/** /orgnization/role-management: roles, their permissions and menus. */
export function RoleManagementPage() {
  const { t } = useTranslation(orgNs);
  const lang = useLang();
  const canManage = useCanManage();
  const [messageApi, messageHolder] = message.useMessage();
  const [selection, setSelection] = useState<Selection>();
  // A new key per pick, so picking the same role again also discards unsaved edits.
  const [editorKey, setEditorKey] = useState(0);

  const loadRoles = useCallback((signal: AbortSignal) => api(roleList, {}, { signal }), []);
  const loadMenus = useCallback((signal: AbortSignal) => api(roleWebMenuGetList, {}, { signal }), []);
  const roles = useLoad(loadRoles);
  const menus = useLoad(loadMenus);

  const role = typeof selection === 'number' ? roles.data?.find((r) => r.roleid === selection) : undefined;

  const select = (next: Selection) => {
    setSelection(next);
    setEditorKey((k) => k + 1);
  };

  const columns: ColumnsType<RoleItem> = [
    {
      title: t('role.name'),
      key: 'name',
      render: (_, r) => (
        <div>
          <div>{localName(lang, r.rolename, r.rolename_en)}</div>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {r.rolecode}
          </Typography.Text>
        </div>
      ),
    },
    { title: t('role.permissionCount'), key: 'permissions', width: 90, align: 'right', render: (_, r) => r.permissions.length },
  ];

  return (
    <Row gutter={[16, 16]}>
      {messageHolder}
      <Col xs={24} lg={8} xl={7}>
        <Card
          size="small"
          title={t('role.title')}
          extra={
            canManage ? (
              <Button type="primary" size="small" icon={<PlusOutlined />} onClick={() => select('new')}>
                {t('role.add')}
              </Button>
            ) : (
              <Tag>{t('common.readOnly')}</Tag>
            )
          }
        >
          <Table<RoleItem>
            rowKey="roleid"
            size="small"
            columns={columns}
            dataSource={roles.data ?? []}
            loading={roles.loading}
            pagination={false}
            rowSelection={{
              type: 'radio',
              selectedRowKeys: role ? [role.roleid] : [],
              onChange: (keys) => select(Number(keys[0])),
            }}
            onRow={(r) => ({ onClick: () => select(r.roleid), style: { cursor: 'pointer' } })}
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('role.empty')} /> }}
          />
        </Card>
      </Col>
      <Col xs={24} lg={16} xl={17}>
        {selection === 'new' || role ? (
          <RoleEditor
            key={editorKey}
            role={role}
            menus={menus.data}
            menusLoading={menus.loading}
            canManage={canManage}
            messageApi={messageApi}
            onSaved={(saved) => {
              // A new role stays open as the saved role; an edited one keeps its form.
              if (selection === 'new') {
                select(saved.roleid);
              } else {
                setSelection(saved.roleid);
              }
              roles.reload();
            }}
            onDeleted={() => {
              select(undefined);
              roles.reload();
            }}
          />
        ) : (
          <Card size="small" title={t('role.editor')}>
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('role.pick')} />
          </Card>
        )}
      </Col>
    </Row>
  );
}
