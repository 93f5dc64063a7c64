import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Form, Input, Popconfirm, Select, Space, Table, Tag, Tooltip, TreeSelect, message } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { newPasswordSchema } from '../../../shared/auth/contracts';
import {
  accountGetList,
  accountResetPassword,
  accountSave,
  accountSetEnabled,
  deptList,
  postList,
  roleList,
  type AccountItem,
  type PostItem,
} from '../../../shared/org/contracts';
import { api } from '../../app/api';
import { useLang } from '../../app/i18n';
import { useSession } from '../../app/session-store';
import { FormModal } from '../../ui/form-modal';
import { zodRule } from '../../ui/form-rules';
import { orgNs } from './locales';
import { deptToUnit, localName, unitTree } from './org-units';
import { useCanManage } from './use-can-manage';
import { useLoad } from '../../ui/use-load';
import { issueResetLink, resetLinkLabel } from '../../shell/reset-link';

interface UserForm {
  loginname: string;
  username: string;
  phone?: string;
  deptid: number;
  postid?: number | null;
  roleids: number[];
  initialPassword?: string;
}
const userFields: (keyof UserForm)[] = ['loginname', 'username', 'phone', 'deptid', 'postid', 'roleids', 'initialPassword'];

interface PasswordForm {
  newPassword: string;
  confirm: string;
}

const DEFAULT_PAGE_SIZE = 20;

/** Post picker limited to the posts of the department chosen in the same form. */
function PostField({ posts }: { posts: readonly PostItem[] }) {
  const { t } = useTranslation(orgNs);
  const lang = useLang();
  const deptid = Form.useWatch<number | undefined>('deptid');
  const options = useMemo(
    () => posts.filter((p) => p.deptid === deptid).map((p) => ({ value: p.postid, label: localName(lang, p.postname, p.postname_en) })),
    [posts, deptid, lang],
  );
  return (
    <Form.Item name="postid" label={t('user.post')}>
      <Select
        allowClear
        options={options}
        placeholder={deptid ? undefined : t('user.pickDeptFirst')}
        notFoundContent={<Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('post.empty')} />}
      />
    </Form.Item>
  );
}

/** /orgnization/personnel-setting: user accounts, their department, post and roles. */
export function PersonnelPage() {
  const { t } = useTranslation(orgNs);
  const lang = useLang();
  const canManage = useCanManage();
  const myUserid = useSession((s) => s.user?.userid);
  const [messageApi, messageHolder] = message.useMessage();

  const [query, setQuery] = useState<{ page: number; pageSize: number; keyword?: string; deptid?: number }>({
    page: 1,
    pageSize: DEFAULT_PAGE_SIZE,
  });
  const [editing, setEditing] = useState<AccountItem | null>(null);
  const [userOpen, setUserOpen] = useState(false);
  const [resetting, setResetting] = useState<AccountItem | null>(null);
  const [resetOpen, setResetOpen] = useState(false);
  const [formKey, setFormKey] = useState(0);

  const loadUsers = useCallback((signal: AbortSignal) => api(accountGetList, query, { signal }), [query]);
  const loadDepts = useCallback((signal: AbortSignal) => api(deptList, {}, { signal }).then((l) => l.map(deptToUnit)), []);
  const loadRoles = useCallback((signal: AbortSignal) => api(roleList, {}, { signal }), []);
  const loadPosts = useCallback((signal: AbortSignal) => api(postList, {}, { signal }), []);
  const users = useLoad(loadUsers);
  const depts = useLoad(loadDepts);
  const roles = useLoad(loadRoles);
  const posts = useLoad(loadPosts);

  const deptOptions = useMemo(() => unitTree(depts.data ?? [], lang), [depts.data, lang]);
  const deptById = useMemo(() => new Map((depts.data ?? []).map((d) => [d.id, d])), [depts.data]);
  const postById = useMemo(() => new Map((posts.data ?? []).map((p) => [p.postid, p])), [posts.data]);
  const roleById = useMemo(() => new Map((roles.data ?? []).map((r) => [r.roleid, r])), [roles.data]);
  const roleOptions = useMemo(
    () => (roles.data ?? []).map((r) => ({ value: r.roleid, label: localName(lang, r.rolename, r.rolename_en) })),
    [roles.data, lang],
  );

  const rules = useMemo(() => {
    const shape = accountSave.input.shape;
    return {
      loginname: zodRule(shape.loginname, lang),
      username: zodRule(shape.username, lang),
      phone: zodRule(shape.phone, lang),
      roleids: zodRule(shape.roleids, lang),
      password: zodRule(newPasswordSchema, lang),
    };
  }, [lang]);

  const openUser = (user: AccountItem | null) => {
    setEditing(user);
    setFormKey((k) => k + 1);
    setUserOpen(true);
  };
  const openReset = (user: AccountItem) => {
    setResetting(user);
    setFormKey((k) => k + 1);
    setResetOpen(true);
  };

  const handleSaveUser = async (v: UserForm) => {
    await api(
      accountSave,
      {
        userid: editing?.userid,
        loginname: editing ? editing.loginname : v.loginname,
        username: v.username,
        phone: v.phone ?? '',
        deptid: v.deptid,
        postid: v.postid ?? null,
        roleids: v.roleids,
        initialPassword: editing ? undefined : v.initialPassword,
      },
      { silent: true },
    );
    void messageApi.success(t('common.saved'));
    users.reload();
  };

  const handleResetPassword = async (v: PasswordForm) => {
    if (!resetting) {
      return;
    }
    await api(accountResetPassword, { userid: resetting.userid, newPassword: v.newPassword }, { silent: true });
    void messageApi.success(t('user.passwordReset', { name: resetting.username }));
  };

  const handleToggle = async (user: AccountItem) => {
    const enabled = user.enabled === 1 ? 0 : 1;
    try {
      await api(accountSetEnabled, { userid: user.userid, enabled });
      void messageApi.success(enabled ? t('user.enabledDone', { name: user.username }) : t('user.disabledDone', { name: user.username }));
      users.reload();
    } catch {
      // The API client has shown the reason.
    }
  };

  const columns: ColumnsType<AccountItem> = [
    { title: t('user.loginname'), dataIndex: 'loginname', key: 'loginname', width: 140 },
    { title: t('user.username'), dataIndex: 'username', key: 'username', width: 120 },
    { title: t('user.phone'), dataIndex: 'phone', key: 'phone', width: 130, render: (v: string) => v || '—' },
    {
      title: t('user.dept'),
      key: 'dept',
      render: (_, u) => {
        const d = deptById.get(u.deptid);
        return d ? localName(lang, d.name, d.name_en) : u.deptname;
      },
    },
    {
      title: t('user.post'),
      key: 'post',
      render: (_, u) => {
        const p = u.postid ? postById.get(u.postid) : undefined;
        return p ? localName(lang, p.postname, p.postname_en) : u.postname || '—';
      },
    },
    {
      title: t('user.roles'),
      key: 'roles',
      render: (_, u) => (
        <Space size={[0, 4]} wrap>
          {u.roleids.map((id, i) => {
            const r = roleById.get(id);
            return (
              <Tag key={id} color="blue">
                {r ? localName(lang, r.rolename, r.rolename_en) : u.rolenames[i]}
              </Tag>
            );
          })}
        </Space>
      ),
    },
    {
      title: t('user.status'),
      dataIndex: 'enabled',
      key: 'enabled',
      width: 90,
      render: (v: number) => (v === 1 ? <Tag color="success">{t('user.enabled')}</Tag> : <Tag>{t('user.disabled')}</Tag>),
    },
  ];
  if (canManage) {
    columns.push({
      title: t('common.actions'),
      key: 'actions',
      width: 230,
      fixed: 'right',
      render: (_, u) => {
        const self = u.userid === myUserid;
        return (
          <Space size={0}>
            <Button type="link" size="small" onClick={() => openUser(u)}>
              {t('common.edit')}
            </Button>
            <Popconfirm
              title={u.enabled === 1 ? t('user.confirmDisable', { name: u.username }) : t('user.confirmEnable', { name: u.username })}
              okButtonProps={{ danger: u.enabled === 1 }}
              onConfirm={() => handleToggle(u)}
              disabled={self}
            >
              <Tooltip title={self ? t('user.notSelf') : undefined}>
                <Button type="link" size="small" danger={u.enabled === 1} disabled={self}>
                  {u.enabled === 1 ? t('user.disable') : t('user.enable')}
                </Button>
              </Tooltip>
            </Popconfirm>
            <Button type="link" size="small" onClick={() => openReset(u)}>
              {t('user.resetPassword')}
            </Button>
            <Button type="link" size="small" data-testid={`reset-link-${u.loginname}`} onClick={() => void issueResetLink(u).catch(() => undefined)}>
              {resetLinkLabel()}
            </Button>
          </Space>
        );
      },
    });
  }

  const hasFilter = Boolean(query.keyword || query.deptid);

  return (
    <Card
      size="small"
      title={t('user.title')}
      extra={
        <Space wrap>
          {!canManage && <Tag>{t('common.readOnly')}</Tag>}
          <Input.Search
            allowClear
            placeholder={t('user.searchPlaceholder')}
            style={{ width: 240 }}
            onSearch={(keyword) => setQuery((q) => ({ ...q, page: 1, keyword: keyword.trim() || undefined }))}
          />
          <TreeSelect
            allowClear
            showSearch
            treeNodeFilterProp="title"
            placeholder={t('user.deptFilter')}
            style={{ width: 220 }}
            treeData={deptOptions}
            treeDefaultExpandedKeys={deptOptions.map((n) => n.key)}
            value={query.deptid}
            onChange={(deptid: number | undefined) => setQuery((q) => ({ ...q, page: 1, deptid }))}
          />
          <Tooltip title={t('common.refresh')}>
            <Button icon={<ReloadOutlined />} aria-label={t('common.refresh')} onClick={users.reload} />
          </Tooltip>
          {canManage && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => openUser(null)}>
              {t('user.add')}
            </Button>
          )}
        </Space>
      }
    >
      {messageHolder}
      <Table<AccountItem>
        rowKey="userid"
        size="small"
        columns={columns}
        dataSource={users.data?.items ?? []}
        loading={users.loading}
        scroll={{ x: 1100 }}
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={hasFilter ? t('common.noMatch') : t('user.empty')} />,
        }}
        pagination={{
          current: query.page,
          pageSize: query.pageSize,
          total: users.data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (total) => t('common.total', { total }),
          onChange: (page, pageSize) => setQuery((q) => ({ ...q, page: pageSize === q.pageSize ? page : 1, pageSize })),
        }}
      />

      <FormModal<UserForm>
        okText={t('common.save')}
        key={`user-${formKey}`}
        open={userOpen}
        title={editing ? t('user.editTitle', { name: editing.username }) : t('user.createTitle')}
        width={560}
        fields={userFields}
        onSubmit={handleSaveUser}
        onClose={() => setUserOpen(false)}
        initialValues={
          editing
            ? {
                loginname: editing.loginname,
                username: editing.username,
                phone: editing.phone,
                deptid: editing.deptid,
                postid: editing.postid,
                roleids: editing.roleids,
              }
            : { roleids: [] }
        }
        onValuesChange={(changed, form) => {
          // A post belongs to one department: choosing another department clears it.
          if ('deptid' in changed) {
            form.setFieldValue('postid', null);
          }
        }}
      >
        <Form.Item
          name="loginname"
          label={t('user.loginname')}
          extra={editing ? undefined : t('common.codeHint')}
          rules={[{ required: true, whitespace: true, message: t('common.pleaseEnter', { field: t('user.loginname') }) }, rules.loginname]}
        >
          <Input maxLength={64} disabled={Boolean(editing)} autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="username"
          label={t('user.username')}
          rules={[{ required: true, whitespace: true, message: t('common.pleaseEnter', { field: t('user.username') }) }, rules.username]}
        >
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="phone" label={t('user.phone')} rules={[rules.phone]}>
          <Input maxLength={20} inputMode="tel" />
        </Form.Item>
        <Form.Item
          name="deptid"
          label={t('user.dept')}
          rules={[{ required: true, message: t('common.pleaseSelect', { field: t('user.dept') }) }]}
        >
          <TreeSelect treeData={deptOptions} showSearch treeNodeFilterProp="title" treeDefaultExpandAll />
        </Form.Item>
        <PostField posts={posts.data ?? []} />
        <Form.Item
          name="roleids"
          label={t('user.roles')}
          rules={[{ required: true, type: 'array', min: 1, message: t('user.rolesRequired') }, rules.roleids]}
        >
          <Select mode="multiple" options={roleOptions} optionFilterProp="label" />
        </Form.Item>
        {!editing && (
          <Form.Item
            name="initialPassword"
            label={t('user.initialPassword')}
            extra={t('user.initialPasswordHint')}
            rules={[{ required: true, message: t('common.pleaseEnter', { field: t('user.initialPassword') }) }, rules.password]}
          >
            <Input.Password maxLength={64} autoComplete="new-password" />
          </Form.Item>
        )}
      </FormModal>

      <FormModal<PasswordForm>
        okText={t('common.save')}
        key={`reset-${formKey}`}
        open={resetOpen}
        title={t('user.resetTitle', { name: resetting?.username ?? '' })}
        fields={['newPassword']}
        onSubmit={handleResetPassword}
        onClose={() => setResetOpen(false)}
      >
        <Form.Item
          name="newPassword"
          label={t('user.newPassword')}
          extra={t('user.initialPasswordHint')}
          rules={[{ required: true, message: t('common.pleaseEnter', { field: t('user.newPassword') }) }, rules.password]}
        >
          <Input.Password maxLength={64} autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirm"
          label={t('user.confirmPassword')}
          dependencies={['newPassword']}
          rules={[
            { required: true, message: t('common.pleaseEnter', { field: t('user.confirmPassword') }) },
            ({ getFieldValue }) => ({
              validator: async (_rule, value: unknown) => {
                if (value && value !== getFieldValue('newPassword')) {
                  throw new Error(t('user.passwordMismatch'));
                }
              },
            }),
          ]}
        >
          <Input.Password maxLength={64} autoComplete="new-password" />
        </Form.Item>
      </FormModal>
    </Card>
  );
}
