import { expectNoSidewaysOverflow } from './layout-helpers';
import { expect, test, type Page } from './fixtures';
import { signIn } from './sign-in';

const C = '/ChemicalsManagement';
const INFO = `${C}/ChemicalInformationManagement`;
const DB = `${C}/ChemicalsManagementDatabase`;
const STORE = `${C}/ChemicalStorageManagement`;

/** Lists on a busy test machine (the record engine's pickers first, then the list) may take longer than the default 10 s. */
const LOAD = 30_000;

/** The page shows `text` somewhere visible (phones lay the page out outside the desktop content area). */
const shows = (p: Page, text: string) => expect(p.getByText(text).filter({ visible: true }).first()).toBeVisible({ timeout: LOAD });

/** Each page of issue 26 §1 with what of the demo data it must show. */
const pages: { path: string; check: (page: Page) => Promise<void> }[] = [
  { path: C, check: async (p) => await expect(p.getByTestId('chem-section-ChemicalStorageManagement')).toContainText('危化品出入库', { timeout: LOAD }) },
  { path: `${C}/ChemicalsPortal`, check: async (p) => await expect(p.getByTestId('chem-figure-catalogue')).toContainText(/[1-9]\d/, { timeout: LOAD }) },
  { path: `${INFO}/ChemicalLists`, check: async (p) => await shows(p, '甲醇') },
  { path: `${INFO}/Database`, check: async (p) => await expect(p.getByTestId('chem-db-table')).toContainText('甲醇', { timeout: LOAD }) },
  { path: `${INFO}/AddChemical`, check: async (p) => await expect(p.getByTestId('chem-add')).toContainText('使用部门', { timeout: LOAD }) },
  { path: `${INFO}/ApplyConfig`, check: async (p) => await shows(p, '最大储存量') },
  { path: `${INFO}/DetailsConfig`, check: async (p) => await shows(p, '最大储存量') },
  { path: `${DB}/BasicDatabase`, check: async (p) => await expect(p.getByTestId('chem-db-table')).toContainText('67-56-1', { timeout: LOAD }) },
  { path: `${DB}/DatabaseDatails?code=methanol`, check: async (p) => await expect(p.getByTestId('chem-detail-fields')).toContainText('67-56-1', { timeout: LOAD }) },
  { path: `${DB}/DatabaseDetailsConfig`, check: async (p) => await shows(p, '职业接触限值') },
  { path: `${DB}/CategoricalInformation`, check: async (p) => await shows(p, '易燃液体类') },
  { path: `${DB}/TabooStorageRules`, check: async (p) => await expect(p.getByTestId('chem-matrix')).toContainText('×', { timeout: LOAD }) },
  { path: `${DB}/TabooStorageRulesConfig`, check: async (p) => await expect(p.getByTestId('chem-matrix')).toContainText('○', { timeout: LOAD }) },
  { path: `${STORE}/StorageFacilities`, check: async (p) => await shows(p, 'CK-01') },
  { path: `${STORE}/StorageFacilitiesInformation`, check: async (p) => await shows(p, 'CK-01-A') },
  { path: `${STORE}/StorageFacilitiesStockRules`, check: async (p) => await shows(p, '甲类库总量上限') },
  { path: `${STORE}/OutOfTheWarehouse`, check: async (p) => await expect(p.getByTestId('chem-movements')).toContainText('甲醇', { timeout: LOAD }) },
  { path: `${STORE}/ChemicalStocksAll`, check: async (p) => await expect(p.getByTestId('chem-counts')).toContainText('9.8', { timeout: LOAD }) },
  { path: `${STORE}/ChemicalStocksChemical`, check: async (p) => await expect(p.getByTestId('chem-by-chemical')).toContainText('67-56-1', { timeout: LOAD }) },
  { path: `${STORE}/ChemicalStorageFacility`, check: async (p) => await expect(p.getByTestId('chem-by-store')).toContainText('甲类仓库', { timeout: LOAD }) },
  { path: `${STORE}/PromptInformation`, check: async (p) => await expect(p.getByTestId('chem-expiry')).toContainText('甲苯', { timeout: LOAD }) },
  // The seed's short spellings lead to the same pages.
  { path: '/ChemicalsManagementDatabase/BasicDatabase', check: async (p) => await expect(p.getByTestId('chem-db-table')).toContainText('67-56-1', { timeout: LOAD }) },
  { path: '/ChemicalStorageManagement/ChemicalStocksChemical', check: async (p) => await expect(p.getByTestId('chem-by-chemical')).toContainText('67-56-1', { timeout: LOAD }) },
];

/*
 * Issue 26 §1: every page of seed 3's /ChemicalsManagement opens for the
 * administrator on a phone (390 px) and a desktop (1440 px), shows the demo
 * data from its own call, and never scrolls sideways.
 */
for (const width of [1440, 390]) {
  test(`every chemicals page opens for admin at ${width} px with demo data`, async ({ page }) => {
    test.setTimeout(480_000);
    await page.setViewportSize({ width, height: width > 1000 ? 900 : 844 });
    await signIn(page, 'admin');
    for (const { path, check } of pages) {
      await page.goto(path);
      await check(page);
      await expect(page).not.toHaveURL(/\/(404|401)$/);
      await expectNoSidewaysOverflow(page);
    }
  });
}

/* The same pages in English on a phone: each opens, fits, and shows no message code in place of its text. */
test('every chemicals page opens in English at 390 px with no untranslated message code', async ({ browser }) => {
  test.setTimeout(480_000);
  const ctx = await browser.newContext({ locale: 'en-US', viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const page = await ctx.newPage();
  await signIn(page, 'admin');
  await page.evaluate(() => localStorage.setItem('language', 'en'));
  for (const { path } of pages) {
    await page.goto(path);
    await expect(page.locator('.pw-content, main').first()).toBeVisible({ timeout: LOAD });
    await expect(page.locator('.ant-spin-spinning')).toHaveCount(0, { timeout: LOAD });
    await expect(page).not.toHaveURL(/\/(404|401)$/);
    const codes = (await page.locator('body').innerText()).match(/\b(chemicals|health|records|common|validation)\.[A-Za-z]+(\.[A-Za-z]+)*\b/g) ?? [];
    expect(codes, path).toEqual([]);
    await expectNoSidewaysOverflow(page);
  }
  await ctx.close();
});

test('the taboo check on the rules page refuses chlorine with ammonia, naming the reason', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'admin');
  await page.goto(`${DB}/TabooStorageRules`);
  const pick = page.getByTestId('chem-taboo-pick');
  for (const cas of ['7782-50-5', '7664-41-7']) {
    await pick.click();
    await page.keyboard.type(cas);
    await page.keyboard.press('Enter');
  }
  await page.getByTestId('chem-taboo-check').click();
  await expect(page.getByTestId('chem-taboo-result')).toContainText('液氯', { timeout: LOAD });
  await expect(page.locator('.ant-alert-error')).toBeVisible();
});
