import { describe, expect, it } from 'vitest';
import { pageRoutes } from '../../../src/client/app/routes';
import { pageTitle } from '../../../src/client/shell/route-table';

describe('page titles of pages without a menu entry', () => {
  it('name the add page "add" and, with an id in the query, "edit" (seed 2 §2.7 addAnnouncement)', () => {
    expect(pageTitle('/system/addAnnouncement', pageRoutes, [], 'zh')).toBe('新增公告');
    expect(pageTitle('/system/addAnnouncement', pageRoutes, [], 'en', '?id=12')).toBe('Edit announcement');
    expect(pageTitle('/system/addAnnouncement', pageRoutes, [], 'zh', '?id=12')).toBe('编辑公告');
    expect(pageTitle('/system/addAnnouncement', pageRoutes, [], 'zh', '?id=')).toBe('新增公告');
  });
});
