import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Popconfirm, Space, Table, TreeSelect, message } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { postDelete, postList, postSave, type PostItem } from '../../../shared/org/contracts';
import { api } from '../../app/api';
import { useLang } from '../../app/i18n';
import { postLedger } from '../../../shared/records/ledgers/org';
import { FormModal } from '../../ui/form-modal';
import { DefinitionFields, type FormValues } from '../../ui/records/definition-form';
import { orgNs } from './locales';
import { localName, unitTree, type OrgUnit } from './org-units';
import { useLoad } from '../../ui/use-load';

const formFields = postLedger.fields.map((f) => f.key);

export interface PostsPanelProps {
  dept: OrgUnit | undefined;
  depts: OrgUnit[];
  canManage: boolean;
}

/** The posts of one department, with add, edit and delete. */
export function PostsPanel({ dept, depts, canManage }: PostsPanelProps) {
  const { t } = useTranslation(orgNs);
  const lang = useLang();
  const [messageApi, messageHolder] = message.useMessage();
  const [editing, setEditing] = useState<PostItem | null>(null);
  const [open, setOpen] = useState(false);
  const [formKey, setFormKey] = useState(0);

  const deptid = dept?.id;
  const load = useCallback(
    (signal: AbortSignal) => (deptid ? api(postList, { deptid }, { signal }) : Promise.resolve<PostItem[]>([])),
    [deptid],
  );
  const posts = useLoad(load);
  const deptOptions = useMemo(() => unitTree(depts, lang), [depts, lang]);

  const openEditor = (post: PostItem | null) => {
    setEditing(post);
    setFormKey((k) => k + 1);
    setOpen(true);
  };

  const handleSubmit = async (v: FormValues) => {
    const checked = postSave.input.safeParse({ ...v, postid: editing?.postid }, { reportInput: true });
    if (!checked.success) {
      return checked.error.issues;
    }
    await api(postSave, checked.data, { silent: true });
    void messageApi.success(t('common.saved'));
    posts.reload();
  };

  const handleDelete = async (post: PostItem) => {
    try {
      await api(postDelete, { postid: post.postid });
      void messageApi.success(t('common.deleted'));
      posts.reload();
    } catch {
      // The API client has shown the reason.
    }
  };

  const columns: ColumnsType<PostItem> = [
    { title: t('post.name'), dataIndex: 'postname', key: 'postname' },
    { title: t('common.nameEn'), dataIndex: 'postname_en', key: 'postname_en', render: (v: string) => v || '—' },
  ];
  if (canManage) {
    columns.push({
      title: t('common.actions'),
      key: 'actions',
      width: 140,
      render: (_, post) => (
        <Space size="small">
          <Button type="link" size="small" onClick={() => openEditor(post)}>
            {t('common.edit')}
          </Button>
          <Popconfirm
            title={t('common.confirmDelete', { name: localName(lang, post.postname, post.postname_en) })}
            okButtonProps={{ danger: true }}
            onConfirm={() => handleDelete(post)}
          >
            <Button type="link" size="small" danger>
              {t('common.delete')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    });
  }

  const deptName = dept ? localName(lang, dept.name, dept.name_en) : '';

  return (
    <Card
      size="small"
      title={dept ? t('post.titleOf', { dept: deptName }) : t('post.title')}
      extra={
        canManage &&
        dept && (
          <Button type="primary" size="small" icon={<PlusOutlined />} onClick={() => openEditor(null)}>
            {t('post.add')}
          </Button>
        )
      }
    >
      {messageHolder}
      {dept ? (
        <Table<PostItem>
          rowKey="postid"
          size="small"
          columns={columns}
          dataSource={posts.data ?? []}
          loading={posts.loading}
          pagination={false}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('post.empty')} /> }}
        />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('post.pickDept')} />
      )}
      <FormModal<FormValues>
        key={formKey}
        open={open}
        title={editing ? t('post.editTitle') : t('post.createTitle')}
        okText={t('common.save')}
        initialValues={editing ? { postname: editing.postname, postname_en: editing.postname_en, deptid: editing.deptid } : { deptid }}
        fields={formFields}
        onSubmit={handleSubmit}
        onClose={() => setOpen(false)}
      >
        <DefinitionFields
          fields={postLedger.fields}
          inputs={{ deptid: <TreeSelect treeData={deptOptions} showSearch treeNodeFilterProp="title" treeDefaultExpandAll /> }}
        />
      </FormModal>
    </Card>
  );
}
