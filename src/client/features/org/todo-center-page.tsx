import { ReloadOutlined } from '@ant-design/icons';
import { Badge, Button, Card, Empty, Space, Table, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { z } from 'zod';
import { myTodoList } from '../../../shared/org/contracts';
import { myTodoVisit } from '../../../shared/shell/contracts';
import { todoTitle } from '../../shell/todo-title';
import { useTodoStore } from '../../shell/todo-store';
import { isExternal } from '../../../shared/text';
import { formatDate, relativeTime } from '../../../shared/time';
import { api } from '../../app/api';
import { useLang } from '../../app/i18n';
import { orgNs } from './locales';
import { useLoad } from '../../ui/use-load';

type Todo = z.output<typeof myTodoList.output>['items'][number];

/** Relative times are refreshed this often, so "刚刚" turns into minutes without a reload. */
const CLOCK_TICK_MS = 30_000;

function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), CLOCK_TICK_MS);
    return () => clearInterval(id);
  }, []);
  return now;
}

/** /orgnization/ToDoCenter: the signed-in user's open to-dos. */
export function ToDoCenterPage() {
  const { t } = useTranslation(orgNs);
  const lang = useLang();
  const navigate = useNavigate();
  const now = useNow();
  const [paging, setPaging] = useState({ page: 1, pageSize: 20 });

  const load = useCallback((signal: AbortSignal) => api(myTodoList, paging, { signal }), [paging]);
  const todos = useLoad(load);

  const open = async (todo: Todo) => {
    // 去处理: the server marks a "look at it" to-do done and says where it leads (issue 11).
    const href = await api(myTodoVisit, { id: todo.id }).then(
      (r) => r.href || todo.href,
      () => todo.href,
    );
    void useTodoStore.getState().refresh();
    if (!href) {
      return;
    }
    if (isExternal(href)) {
      window.open(href, '_blank', 'noopener,noreferrer');
    } else {
      void navigate(href);
    }
  };

  const columns: ColumnsType<Todo> = [
    {
      title: t('todo.item'),
      dataIndex: 'title',
      key: 'title',
      render: (_title: string, todo) =>
        todo.href ? (
          <Typography.Link onClick={() => void open(todo)}>{todoTitle(todo, lang)}</Typography.Link>
        ) : (
          <Typography.Text>{todoTitle(todo, lang)}</Typography.Text>
        ),
    },
    {
      title: t('todo.created'),
      dataIndex: 'created_at',
      key: 'created_at',
      width: 180,
      render: (at: number) => (
        <Tooltip title={formatDate(at)}>
          <Typography.Text type="secondary">{relativeTime(at, now, lang)}</Typography.Text>
        </Tooltip>
      ),
    },
    {
      title: t('common.actions'),
      key: 'actions',
      width: 110,
      render: (_, todo) => (
        <Button type="link" size="small" disabled={!todo.href} onClick={() => void open(todo)} data-testid={`todo-handle-${todo.id}`}>
          {t('todo.handle')}
        </Button>
      ),
    },
  ];

  return (
    <Card
      size="small"
      title={
        <Space>
          {t('todo.title')}
          <Badge count={todos.data?.total ?? 0} overflowCount={999} showZero color={todos.data?.total ? undefined : '#bfbfbf'} />
        </Space>
      }
      extra={
        <Tooltip title={t('common.refresh')}>
          <Button size="small" icon={<ReloadOutlined />} aria-label={t('common.refresh')} onClick={todos.reload} />
        </Tooltip>
      }
    >
      <Table<Todo>
        rowKey="id"
        size="small"
        scroll={{ x: 520 }}
        columns={columns}
        dataSource={todos.data?.items ?? []}
        loading={todos.loading}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('todo.empty')} /> }}
        pagination={{
          current: paging.page,
          pageSize: paging.pageSize,
          total: todos.data?.total ?? 0,
          hideOnSinglePage: true,
          showTotal: (total) => t('common.total', { total }),
          onChange: (page, pageSize) => setPaging((p) => ({ page: pageSize === p.pageSize ? page : 1, pageSize })),
        }}
      />
    </Card>
  );
}
