import { platformNames } from "@gallery/schema/platforms";
import type { Chatbot } from "@gallery/schema/types";
import { Button, Card, Input, NativeSelect, Skeleton } from "@gallery/ui";
import { Bot, Plus, Search, SearchX, X } from "lucide-react";
import { type ReactNode, useState } from "react";
import { ChatbotList } from "./chatbot-list";
import { type DashboardFilters, distinctSeries, filterChatbots, isFiltered, NO_FILTERS } from "./dashboard-filters";
import type { RowActions } from "./row-parts";

interface Props extends RowActions {
  chatbots: Chatbot[] | undefined;
  isLoading: boolean;
  onCreate: () => void;
}

function LoadingRows() {
  return (
    <div className="space-y-3" role="status" aria-label="Loading your chatbots">
      {[0, 1, 2].map((row) => (
        <div key={row} className="flex items-center gap-3 rounded-lg border p-3">
          <Skeleton className="h-16 w-12" />
          <div className="flex-1 space-y-2">
            <Skeleton className="h-4 w-1/3" />
            <Skeleton className="h-4 w-1/4" />
          </div>
          <Skeleton className="h-8 w-32" />
        </div>
      ))}
    </div>
  );
}

function EmptyState({ icon: Icon, title, children }: { icon: typeof Bot; title: string; children: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed px-6 py-14 text-center">
      <Icon className="size-10 text-muted-foreground" aria-hidden />
      <p className="text-lg font-semibold">{title}</p>
      {children}
    </div>
  );
}

/** The dashboard's list of the user's own listings, with search and series filters (spec section 2). */
export function MyChatbots({ chatbots, isLoading, onCreate, ...actions }: Props) {
  const [filters, setFilters] = useState<DashboardFilters>(NO_FILTERS);
  const all = chatbots ?? [];
  const shown = filterChatbots(all, filters);
  const clear = () => setFilters(NO_FILTERS);

  let body: ReactNode;
  if (isLoading) body = <LoadingRows />;
  else if (all.length === 0) {
    body = (
      <EmptyState icon={Bot} title="No chatbots yet">
        <p className="text-sm text-muted-foreground">
          List the first chatbot you made on {platformNames("disjunction")}.
        </p>
        <Button onClick={onCreate}>
          <Plus aria-hidden /> Create Your First Chatbot
        </Button>
      </EmptyState>
    );
  } else if (shown.length === 0) {
    body = (
      <EmptyState icon={SearchX} title="No matching chatbots">
        <Button variant="outline" onClick={clear}>
          Clear Search
        </Button>
      </EmptyState>
    );
  } else body = <ChatbotList chatbots={shown} {...actions} />;

  return (
    <Card className="space-y-5 p-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-semibold">Your Chatbots</h2>
        <Button onClick={onCreate}>
          <Plus aria-hidden /> Add New
        </Button>
      </div>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <div className="relative flex-1">
          <Search
            aria-hidden
            className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            type="search"
            aria-label="Search your chatbots"
            placeholder="Search by bot name or tag..."
            value={filters.search}
            onChange={(event) => setFilters({ ...filters, search: event.target.value })}
            className="pl-9"
          />
        </div>
        <NativeSelect
          aria-label="Series"
          className="sm:w-56"
          value={filters.series}
          onChange={(event) => setFilters({ ...filters, series: event.target.value })}
        >
          <option value="">All Series</option>
          {distinctSeries(all).map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </NativeSelect>
        {isFiltered(filters) && (
          <Button variant="ghost" onClick={clear}>
            <X aria-hidden /> Clear Filters
          </Button>
        )}
      </div>
      {body}
    </Card>
  );
}
