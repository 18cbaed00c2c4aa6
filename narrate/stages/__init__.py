"""The build of one course as named stages, called in order by :func:`narrate.pipeline.build`.

::

    unchanged   the no-change fast path: inputs and outputs as the last build left them → done
                (:mod:`narrate.stages.unchanged`)
    read        course.yaml and the lessons (:mod:`narrate.stages.read`), scripted and checked
                before any synthesis → the build context (:mod:`narrate.stages.course`)
    plan feed   each episode's GUID and date, the release schedule, drafts (:mod:`narrate.stages.feed_plan`)
    episodes    up-to-date episodes reused, the others made here (:mod:`narrate.stages.local`) or as
                one task each on a Dask cluster (:mod:`narrate.cluster`), both from one
                :class:`~narrate.publish.episode.EpisodeJob` per episode; the audiobook
                (:mod:`narrate.stages.episodes`)
    publish     files moved into place, preview, feed, records, stamp (:mod:`narrate.stages.publish`)
    finish      cache pruning and the :class:`~narrate.model.BuildResult` (:mod:`narrate.stages.publish`)

:func:`narrate.stages.run.run_build` runs them in order, passing one frozen
:class:`narrate.stages.context.BuildContext`. This package's ``__init__`` and its ``read``,
``context`` and ``unchanged`` modules import nothing heavy (they are imported with
:mod:`narrate.pipeline`, by every command and by the no-change fast path); the other stages
import numpy, Pillow and Jinja at the top of their modules, and :func:`narrate.pipeline.build`
imports them only after the no-change check.
"""
