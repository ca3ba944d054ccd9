"""Lists in parts: ``?limit=`` and ``?offset=`` on every list the API answers, the body still the plain
list, the whole list's length in ``X-Total-Count`` and the next and previous parts in ``Link``."""

from drf_spectacular.utils import OpenApiParameter
from rest_framework.pagination import LimitOffsetPagination
from rest_framework.response import Response

from tournaments.limits import MAX_PLAYERS


class TotalCountPagination(LimitOffsetPagination):
    #: Rows answered when no limit is asked: a 10,000-player crosstable in one answer takes seconds.
    default_limit = 1000
    #: The most a client may ask for at once: every player of the largest tournament.
    max_limit = MAX_PLAYERS

    def get_paginated_response(self, data):
        response = Response(data)
        response["X-Total-Count"] = str(self.count)
        links = [f'<{url}>; rel="{rel}"' for url, rel in ((self.get_next_link(), "next"),
                                                           (self.get_previous_link(), "prev")) if url]
        if links:
            response["Link"] = ", ".join(links)
        return response

    def get_paginated_response_schema(self, schema):
        return schema  # the plain list: the counts are headers


#: The parameters of a list answered by hand (APIView), for the schema.
PARAMETERS = [
    OpenApiParameter("limit", int, description=f"rows to answer (default {TotalCountPagination.default_limit}, "
                                                f"at most {TotalCountPagination.max_limit})"),
    OpenApiParameter("offset", int, description="rows to skip"),
]


def paginated(request, view, rows: list, serializer) -> Response:
    """``rows`` in the part the request asks for, serialized by ``serializer`` (a Serializer class)."""
    paginator = TotalCountPagination()
    part = paginator.paginate_queryset(rows, request, view=view)
    return paginator.get_paginated_response(serializer(part, many=True).data)
