import { RightOutlined, ScheduleOutlined } from '@ant-design/icons';
import { Card, Empty, Skeleton, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { myTodoList } from '../../shared/org/contracts';
import { myTodoVisit, systemPageCounts } from '../../shared/shell/contracts';
import { formatDate, relativeTime } from '../../shared/time';
import { api } from '../app/api';
import { pick, useLang } from '../app/i18n';
import { useSession } from '../app/session-store';
import { menuPages } from './menu';
import { systemMenus, systems } from './systems';
import { systemVisuals } from './system-visuals';
import { todoTitle } from './todo-title';
import { useTodoStore } from './todo-store';
import './shell-i18n';

const TODO_CENTER = '/orgnization/ToDoCenter';
const RECENT_TODOS = 5;

interface TodoRow {
  id: number;
  title: string;
  href: string;
  created_at: number;
  titleCode?: string;
  titleParams?: Record<string, string | number>;
}

function greetingKey(hour: number): 'morning' | 'afternoon' | 'evening' {
  return hour < 12 ? 'morning' : hour < 18 ? 'afternoon' : 'evening';
}

/** /Gateway/home: the user's landing page. */
export function GatewayHomePage() {
  const { t } = useTranslation('shell');
  const lang = useLang();
  const navigate = useNavigate();
  const user = useSession((s) => s.user);
  const menus = useSession((s) => s.menus);
  const todoCount = useTodoStore((s) => s.count);
  const [todos, setTodos] = useState<TodoRow[] | null>(null);
  const [pageCounts, setPageCounts] = useState<Record<string, number> | null>(null);

  useEffect(() => {
    const ctrl = new AbortController();
    api(systemPageCounts, {}, { silent: true, signal: ctrl.signal }).then(setPageCounts, () => undefined);
    return () => ctrl.abort();
  }, []);

  useEffect(() => {
    const ctrl = new AbortController();
    api(myTodoList, { page: 1, pageSize: RECENT_TODOS }, { silent: true, signal: ctrl.signal })
      .then((r) => setTodos(r.items))
      .catch(() => {
        if (!ctrl.signal.aborted) {
          setTodos([]);
        }
      });
    return () => ctrl.abort();
  }, []);

  const cards = useMemo(
    () => systems.filter((s) => s.type !== 0).map((s) => ({ def: s, pages: menuPages(systemMenus(menus, s.type)).length, present: menus.some((m) => m.eightyEightType === s.type) })),
    [menus],
  );
  const now = new Date();

  return (
    <div className="pw-home" data-testid="gateway-home">
      <section className="pw-home-hero">
        <div>
          <Typography.Title level={3} style={{ margin: 0 }}>
            {t('gateway.greeting', { greet: t(`gateway.${greetingKey(now.getHours())}`), name: user?.username ?? '' })}
          </Typography.Title>
          <Typography.Text type="secondary">
            {user ? pick(lang, user.deptname, user.deptname_en || user.deptname) : ''}
            {user?.deptname ? ' · ' : ''}
            {formatDate(now, lang === 'zh' ? 'YYYY年M月D日 星期a' : 'YYYY-MM-DD')}
          </Typography.Text>
        </div>
        <button type="button" className="pw-home-todo-pill" onClick={() => void navigate(TODO_CENTER)} data-testid="home-todo">
          <ScheduleOutlined />
          <span>{t('gateway.todoCount')}</span>
          <strong>{todoCount ?? '–'}</strong>
          <RightOutlined />
        </button>
      </section>

      <Typography.Title level={5} className="pw-home-section">
        {t('gateway.systems')}
      </Typography.Title>
      <div className="pw-home-systems">
        {cards.map(({ def, pages, present }) => {
          const v = systemVisuals[def.type];
          return (
            <button
              key={def.code}
              type="button"
              className={`pw-system-card ${present ? '' : 'pw-system-card-disabled'}`}
              style={{ ['--pw-accent' as string]: v.color }}
              aria-disabled={!present}
              data-testid={`system-card-${def.type}`}
              onClick={() => {
                if (present) {
                  void navigate(def.home);
                }
              }}
            >
              <span className="pw-system-card-icon">{v.icon}</span>
              <span className="pw-system-card-name">{pick(lang, def.name.zh, def.name.en)}</span>
              <span className="pw-system-card-desc">{pick(lang, v.description.zh, v.description.en)}</span>
              <span className="pw-system-card-foot">
                {present ? (
                  <>
                    {t('system.pages', { count: pages })}
                    <RightOutlined />
                  </>
                ) : pageCounts && !pageCounts[String(def.type)] ? (
                  // Honest home (issue 11): a system without any page yet is not a missing right.
                  <span data-testid={`system-card-${def.type}-none`}>{t('gateway.noPagesYet')}</span>
                ) : (
                  t('gateway.noAccess')
                )}
              </span>
            </button>
          );
        })}
      </div>

      <Card
        className="pw-home-todos"
        title={t('gateway.recent')}
        extra={
          <Typography.Link onClick={() => void navigate(TODO_CENTER)} data-testid="home-todo-all">
            {t('gateway.viewAll')}
          </Typography.Link>
        }
      >
        {todos === null ? (
          <Skeleton active paragraph={{ rows: 3 }} title={false} />
        ) : todos.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('gateway.noTodo')} />
        ) : (
          <ul className="pw-todo-list">
            {todos.map((todo) => (
              <li key={todo.id}>
                <button
                  type="button"
                  onClick={() =>
                    void api(myTodoVisit, { id: todo.id }, { silent: true }).then(
                      (r) => navigate(r.href || TODO_CENTER),
                      () => navigate(todo.href || TODO_CENTER),
                    )
                  }
                >
                  <span className="pw-todo-dot" />
                  <span className="pw-todo-title">{todoTitle(todo, lang)}</span>
                  <span className="pw-todo-time" title={formatDate(todo.created_at)}>
                    {relativeTime(todo.created_at, Date.now(), lang)}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}
