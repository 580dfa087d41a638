/**
 * The search of `/admin`: a GET form (`?q=&status=`), so a search is an
 * address one can reload, share with another administrator or open
 * without JavaScript. A new search starts at the first page.
 */
import { useId } from "react";
import { Form } from "react-router";
import { FormField } from "~/components/form-field";
import { Button } from "~/components/ui/button";
import { Label } from "~/components/ui/label";
import SearchIcon from "~icons/lucide/search";
import { ACCOUNT_FILTERS, type AccountQuery, SEARCH_MAX_LENGTH } from "./console-query";
import * as m from "./messages";

export function AccountSearch({ query }: { query: AccountQuery }) {
  const filterId = useId();
  return (
    // Keyed by the query, so that going back to an earlier search shows its own words.
    <Form
      key={`${query.q}\n${query.status}`}
      method="get"
      role="search"
      aria-label={m.findAccounts()}
      className="flex flex-col gap-3 sm:flex-row sm:items-end"
    >
      <div className="flex-1">
        <FormField
          label={m.emailOrName()}
          name="q"
          type="search"
          defaultValue={query.q}
          maxLength={SEARCH_MAX_LENGTH}
          autoComplete="off"
        />
      </div>
      <div className="grid gap-2">
        <Label htmlFor={filterId}>{m.show()}</Label>
        <select
          id={filterId}
          name="status"
          defaultValue={query.status ?? ""}
          className="h-10 rounded-md border border-input bg-background px-3 text-sm shadow-xs focus-visible:border-primary dark:bg-input/30"
        >
          <option value="">{m.allAccounts()}</option>
          {Object.entries(ACCOUNT_FILTERS).map(([value, name]) => (
            <option key={value} value={value}>
              {name()}
            </option>
          ))}
        </select>
      </div>
      <Button type="submit" className="min-h-10">
        <SearchIcon />
        {m.search()}
      </Button>
    </Form>
  );
}
