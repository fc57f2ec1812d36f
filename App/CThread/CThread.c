// See include/CThread.h.
#define _GNU_SOURCE
#include "CThread.h"

#include <pthread.h>
#include <sched.h>
#include <unistd.h>

int skylens_thread_elsewhere(void *(*start)(void *), void *context) {
    cpu_set_t cores;
    if (sched_getaffinity(0, sizeof cores, &cores) != 0) return -1;
    int current = sched_getcpu();
    if (current >= 0) CPU_CLR(current, &cores);
    if (CPU_COUNT(&cores) == 0) return -1;
    pthread_attr_t attributes;
    if (pthread_attr_init(&attributes) != 0) return -1;
    pthread_attr_setdetachstate(&attributes, PTHREAD_CREATE_DETACHED);
    pthread_attr_setaffinity_np(&attributes, sizeof cores, &cores);
    pthread_t thread;
    int made = pthread_create(&thread, &attributes, start, context);
    pthread_attr_destroy(&attributes);
    return made == 0 ? 0 : -1;
}

void skylens_thread_background(void) {
    cpu_set_t cores;
    if (sched_getaffinity(getpid(), sizeof cores, &cores) == 0) sched_setaffinity(0, sizeof cores, &cores);
    struct sched_param parameters = {0};
    sched_setscheduler(0, SCHED_BATCH, &parameters);
}
