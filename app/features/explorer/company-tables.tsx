import type { RankedCompany, RankSort } from "#common/content/company-query.ts";
import { CompanyTable, type CompanyColumn, type CoverageColumn } from "./company-table";
import { DISTRIBUTORS_TITLE, MANUFACTURERS_TITLE } from "./explorer-text";

interface TableProps {
  rows: RankedCompany[];
  total: number;
  query: string;
  sort: RankSort;
  onCycleSort: () => void;
  csvHref: string;
  onOpen: (id: number) => void;
  coverage?: CoverageColumn | undefined;
}

// A distributor whose brands no publisher's page names lists none (docs/companies.md): said, not left blank.
const NO_BRANDS = "Not published";
const brands = (row: RankedCompany) => (
  <span className="text-ink-700">{row.company.keyBrands.join(", ") || NO_BRANDS}</span>
);
const name = (row: RankedCompany) => <span className="font-semibold text-ink-950">{row.company.name}</span>;

const MANUFACTURER_COLUMNS: CompanyColumn[] = [
  { header: "Company", cell: name, className: "min-w-44" },
  { header: "Location", cell: (row) => <span className="whitespace-nowrap text-ink-700">{row.company.location}</span> },
  { header: "Key Brands", cell: brands, className: "min-w-64" },
];

const DISTRIBUTOR_COLUMNS: CompanyColumn[] = [
  {
    header: "Company",
    className: "min-w-48",
    cell: (row) => (
      <>
        {name(row)}
        <span className="mt-0.5 block text-ink-600">{row.company.location}</span>
      </>
    ),
  },
  {
    header: "Revenue/Coverage",
    className: "min-w-56",
    cell: (row) => (
      <>
        {row.company.revenue ? <span className="block font-medium text-ink-900">{row.company.revenue}</span> : null}
        {row.company.coverage ? <span className="mt-0.5 block text-ink-700">{row.company.coverage}</span> : null}
      </>
    ),
  },
  { header: "Focus Area", cell: brands, className: "min-w-56" },
];

export function ManufacturersTable(props: TableProps) {
  return (
    <CompanyTable
      id="manufacturers"
      title={MANUFACTURERS_TITLE}
      columns={MANUFACTURER_COLUMNS}
      emptyText="No manufacturers match this search."
      {...props}
    />
  );
}

export function DistributorsTable(props: TableProps) {
  return (
    <CompanyTable
      id="distributors"
      title={DISTRIBUTORS_TITLE}
      columns={DISTRIBUTOR_COLUMNS}
      emptyText="No distributors match this search."
      {...props}
    />
  );
}
